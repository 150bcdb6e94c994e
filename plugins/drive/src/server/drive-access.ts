import {
  FULL_ACCESS,
  NO_ACCESS,
  isAdministrator,
  type AccessFlags,
  type AccessService,
  type Entity,
} from '@shopwright/core'
import { DRIVE_SECURITY } from '../shared/types.js'
import { topFolderOf } from '../shared/names.js'
import type { EntryRow } from './entry-store.js'

/** `personal/{type}~{id}`: the name of an account's own folder (docs/drive.md). */
export function personalName(entity: Pick<Entity, 'type' | 'id'>): string {
  return `${entity.type}~${entity.id}`
}

/** Every path from the first top-level folder down to `path` (`a`, `a/b`, `a/b/c`). */
export function pathChain(path: string): string[] {
  if (path === '') return []
  const parts = path.split('/')
  return parts.map((_, at) => parts.slice(0, at + 1).join('/'))
}

/** What decides an entry's rights, and what they are. */
export interface Rights {
  flags: AccessFlags
  /** The security record that decided (own, an ancestor's, or `drive`); null where none applies. */
  security: string | null
}

/**
 * The drive's rights (docs/drive.md, "Folders and rights"): the nearest security record up the
 * path, else the `drive` record; `public` readable by all; personal folders their owner's. It reads
 * security records through the kernel's access service (cached, cleared on every node when one
 * changes).
 */
export class DriveAccess {
  constructor(private readonly access: AccessService) {}

  /**
   * The caller's rights on `path`, given the live rows of its chain (`pathChain(path)`; rows of
   * missing entries are simply absent).
   */
  async rightsAt(
    entity: Entity | null,
    path: string,
    chain: ReadonlyMap<string, EntryRow>,
  ): Promise<Rights> {
    const top = topFolderOf(path)
    if (top === null)
      // The root: everyone sees it (a visitor finds `public` in it); nothing is made at the top.
      return {
        flags: isAdministrator(entity) ? { ...FULL_ACCESS } : { ...NO_ACCESS, view: true },
        security: null,
      }
    if (top === 'personal') return this.personal(entity, path)
    let security: string = DRIVE_SECURITY
    const paths = pathChain(path)
    for (let at = paths.length - 1; at >= 0; at--) {
      const own = chain.get(paths[at]!)?.security
      if (own) {
        security = own
        break
      }
    }
    return this.withSecurity(entity, path, security)
  }

  /** The rights of a child of a folder whose rights are known: its own record, or the folder's. */
  async childRights(entity: Entity | null, parent: Rights, child: EntryRow): Promise<Rights> {
    // A top-level folder does not inherit the root's rights (everyone views the root).
    if (!child.path.includes('/'))
      return this.rightsAt(entity, child.path, new Map([[child.path, child]]))
    if (topFolderOf(child.path) === 'personal') return this.personal(entity, child.path)
    if (!child.security) return parent
    return this.withSecurity(entity, child.path, child.security)
  }

  /** The flags a security record gives on `path` (everyone views `public`). */
  async withSecurity(entity: Entity | null, path: string, security: string): Promise<Rights> {
    const flags = await this.access.flags(entity, security)
    if (topFolderOf(path) === 'public') flags.view = true
    return { flags, security }
  }

  /** True when the caller may have a personal folder: view on the `drive` record. */
  async mayHavePersonal(entity: Entity | null): Promise<boolean> {
    if (!entity) return false
    return (await this.access.flags(entity, DRIVE_SECURITY)).view
  }

  private async personal(entity: Entity | null, path: string): Promise<Rights> {
    if (isAdministrator(entity)) return { flags: { ...FULL_ACCESS }, security: null }
    const parts = path.split('/')
    if (parts.length === 1) {
      const view = await this.mayHavePersonal(entity)
      return { flags: { ...NO_ACCESS, view }, security: DRIVE_SECURITY }
    }
    if (entity && parts[1] === personalName(entity) && (await this.mayHavePersonal(entity)))
      return { flags: { ...FULL_ACCESS }, security: null }
    return { flags: { ...NO_ACCESS }, security: null }
  }
}
