import type { Entity } from '@shopwright/core'
import type { SubjectGuard } from '@shopwright/plugin-records'
import { DRIVE_SECURITY } from '../shared/types.js'
import { topFolderOf } from '../shared/names.js'
import { DRIVE_FOLDER, PERSONAL_OWN, PERSONAL_ROOT } from '../shared/guard-phrases.js'
import { pathChain } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import { checkedPath } from './request-paths.js'

/** The drive's kind in the permissions matrix's "Who can do this". */
export const DRIVE_SUBJECT = {
  kind: 'drive',
  name: DRIVE_FOLDER,
  datatype: 'folder',
  // Nothing in the drive is published.
  rights: ['view', 'edit', 'create', 'delete'],
} as const

/**
 * What decides who may do what with a drive entry (docs/drive.md, "Folders and rights"), for the
 * permissions matrix's "Who can do this": the nearest security record up its path, else `drive`;
 * `public` viewed by everyone; personal folders their owner's. Only an entry the caller may view
 * is answered: any other is a 404, as the drive's own calls answer.
 */
export async function entryGuard(
  context: DriveContext,
  entity: Entity | null,
  raw: string,
): Promise<SubjectGuard> {
  // A picker's value and a typed path alike: `public/catalogue`, `/public/catalogue/`.
  const path = checkedPath(raw.replace(/^\/+|\/+$/g, ''), false)
  await context.lookup.viewable(entity, path)
  const top = topFolderOf(path)
  if (top === 'personal')
    return path === 'personal'
      ? // View on `drive` gives a folder of one's own here; nothing else of the record applies.
        { name: path, security: DRIVE_SECURITY, note: PERSONAL_ROOT, rights: ['view'] }
      : { name: path, security: null, note: PERSONAL_OWN }
  const chain = await context.store.livePaths(pathChain(path))
  const setOn = pathChain(path)
    .reverse()
    .find((each) => chain.get(each)?.security)
  const security = setOn ? chain.get(setOn)!.security! : DRIVE_SECURITY
  return {
    name: path,
    security,
    ...(setOn === path ? {} : { setOn: setOn ?? '' }),
    ...(top === 'public' ? { everyoneViews: true } : {}),
  }
}
