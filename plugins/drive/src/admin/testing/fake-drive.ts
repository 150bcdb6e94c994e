import type { AccessFlags } from '@shopwright/core/shared'
import { QueryError } from '@shopwright/client'
import {
  kindOfName,
  joinPath,
  nameProblem,
  splitPath,
  type DriveEntry,
  type DriveFile,
  type DriveFolder,
} from '../../shared/index.js'
import type { DriveApi } from '../drive-api.js'

/** An entry of the fake drive, with a file's text. */
interface Stored {
  entry: DriveEntry
  text?: string
  security?: string | null
}

export const FULL: AccessFlags = {
  view: true,
  edit: true,
  create: true,
  delete: true,
  publish: true,
}
export const VIEW_ONLY: AccessFlags = {
  view: true,
  edit: false,
  create: false,
  delete: false,
  publish: false,
}

const refuse = (code: string, status: number) => new QueryError(code, { status, url: '/fake' })

/**
 * An in-memory drive behind the DriveApi the screens take, for their tests: it keeps the
 * server's rules that the screens rely on (names, not found, paging by `pageSize`) and records
 * every changing call in `calls`.
 */
export class FakeDrive implements DriveApi {
  readonly calls: string[] = []
  private readonly entries = new Map<string, Stored>()
  private clock = Date.parse('2026-11-20T10:00:00Z')

  constructor(
    private readonly pageSize = 100,
    /** The rights every entry answers with, unless `access()` set them for one. */
    private readonly rights: AccessFlags = FULL,
  ) {
    for (const top of ['private', 'public', 'personal']) this.add(top)
  }

  /** Adds a folder (no dot) or a file (with `text`), with its parents. */
  add(path: string, text?: string, access?: AccessFlags): this {
    const { parent, name } = splitPath(path)
    if (parent !== '' && !this.entries.has(parent)) this.add(parent)
    const type = kindOfName(name)
    const when = new Date((this.clock += 60_000)).toISOString()
    this.entries.set(path, {
      entry: {
        name,
        path,
        type,
        size: text?.length ?? 0,
        created: when,
        modified: when,
        access: { ...(access ?? this.rights) },
      },
      ...(type === 'file' ? { text: text ?? '' } : {}),
    })
    return this
  }

  /** The paths directly inside a folder, folders first, then by name. */
  children(folder: string): DriveEntry[] {
    return [...this.entries.values()]
      .map((stored) => stored.entry)
      .filter((entry) => splitPath(entry.path).parent === folder && entry.path !== '')
      .sort((a, b) =>
        a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'folder' ? -1 : 1,
      )
  }

  has(path: string): boolean {
    return this.entries.has(path)
  }

  textOf(path: string): string | undefined {
    return this.entries.get(path)?.text
  }

  /** `size` entries from `from`: what `get` or `list` asks, else `pageSize` (the server's default). */
  private page(folder: string, from: number, size = this.pageSize) {
    const all = this.children(folder)
    const list = all.slice(from, from + size)
    const next = from + size < all.length ? String(from + size) : null
    return { list, nextpage: next, pagesize: size }
  }

  private found(path: string): Stored {
    const stored = this.entries.get(path)
    if (!stored)
      throw refuse(
        kindOfName(splitPath(path).name) === 'file'
          ? 'ERROR_FILE_NOT_FOUND'
          : 'ERROR_FOLDER_NOT_FOUND',
        404,
      )
    return stored
  }

  async get(path: string, pagesize?: number): Promise<DriveFile | DriveFolder> {
    if (path === '')
      return {
        name: '',
        path: '',
        type: 'folder',
        size: 0,
        created: '2026-01-01T00:00:00.000Z',
        modified: '2026-01-01T00:00:00.000Z',
        access: { ...this.rights, edit: false, delete: false, create: false, publish: false },
        security: null,
        effectivesecurity: 'drive',
        ...this.page('', 0, pagesize),
      }
    const stored = this.found(path)
    if (stored.entry.type === 'file')
      return {
        ...stored.entry,
        type: 'file',
        contenttype: 'text/plain',
        hash: String(stored.text?.length ?? 0),
      }
    return {
      ...stored.entry,
      type: 'folder',
      security: stored.security ?? null,
      effectivesecurity: stored.security ?? 'drive',
      ...this.page(path, 0, pagesize),
    }
  }

  async list(path: string, nextpage: string, pagesize: number) {
    return this.page(path, Number(nextpage), pagesize)
  }

  async create(path: string) {
    this.calls.push(`create ${path}`)
    const { name } = splitPath(path)
    const problem = nameProblem(name, kindOfName(name))
    if (problem) throw refuse(problem, 400)
    if (this.entries.has(path))
      throw refuse(
        kindOfName(name) === 'file' ? 'ERROR_FILE_ALREADY_EXISTS' : 'ERROR_FOLDER_ALREADY_EXISTS',
        409,
      )
    this.add(path, kindOfName(name) === 'file' ? '' : undefined)
    return this.found(path).entry
  }

  async bin(paths: readonly string[]) {
    this.calls.push(`bin ${paths.join(',')}`)
    for (const path of paths) this.found(path)
    for (const key of [...this.entries.keys()])
      if (paths.some((path) => key === path || key.startsWith(`${path}/`))) this.entries.delete(key)
    return { list: [...paths] }
  }

  async rename(path: string, name: string) {
    this.calls.push(`rename ${path} ${name}`)
    const stored = this.found(path)
    const target = joinPath(splitPath(path).parent, name)
    if (this.entries.has(target)) throw refuse('ERROR_FILE_ALREADY_EXISTS', 409)
    for (const [key, value] of [...this.entries]) {
      if (key !== path && !key.startsWith(`${path}/`)) continue
      this.entries.delete(key)
      const moved = target + key.slice(path.length)
      this.entries.set(moved, {
        ...value,
        entry: { ...value.entry, path: moved, name: splitPath(moved).name },
      })
    }
    return { ...stored.entry, name, path: target }
  }

  /** The server's move: into a live folder, never into itself, all or none on a taken name. */
  async move(paths: readonly string[], to: string) {
    this.calls.push(`move ${paths.join(',')} ${to}`)
    if (this.found(to).entry.type !== 'folder') throw refuse('ERROR_FOLDER_NOT_FOUND', 404)
    for (const path of paths) {
      const { entry } = this.found(path)
      if (to === path || to.startsWith(`${path}/`)) throw refuse('ERROR_INVALID_INPUT', 400)
      const target = joinPath(to, entry.name)
      if (target !== path && this.entries.has(target))
        throw refuse(
          entry.type === 'file' ? 'ERROR_FILE_ALREADY_EXISTS' : 'ERROR_FOLDER_ALREADY_EXISTS',
          409,
        )
    }
    const list: string[] = []
    for (const path of paths) {
      const target = joinPath(to, splitPath(path).name)
      for (const [key, value] of [...this.entries]) {
        if (key !== path && !key.startsWith(`${path}/`)) continue
        this.entries.delete(key)
        const moved = target + key.slice(path.length)
        this.entries.set(moved, { ...value, entry: { ...value.entry, path: moved } })
      }
      list.push(target)
    }
    return { list }
  }

  async loadText(path: string) {
    return this.found(path).text ?? ''
  }

  async save(path: string, source: string) {
    this.calls.push(`save ${path}`)
    const stored = this.found(path)
    stored.text = source
    stored.entry = { ...stored.entry, size: source.length }
    return (await this.get(path)) as DriveFile
  }

  async upload(folder: string, file: File, progress: (sent: number) => void) {
    this.calls.push(`upload ${joinPath(folder, file.name)}`)
    const problem = nameProblem(file.name, 'file')
    if (problem) throw refuse(problem, 400)
    progress(file.size / 2)
    this.add(joinPath(folder, file.name), await file.text())
    progress(file.size)
    return (await this.get(joinPath(folder, file.name))) as DriveFile
  }

  async setSecurity(path: string, security: string | null) {
    this.calls.push(`security ${path} ${security}`)
    const stored = this.found(path)
    stored.security = security
    return stored.entry
  }

  async securityRecords() {
    return [
      { id: 'drive', name: 'Drive' },
      { id: 'marketing', name: 'Marketing files' },
    ]
  }

  loadUrl(path: string) {
    return `/query/drive/load/${path}`
  }

  thumbnailUrl(path: string, side: number) {
    return `/query/drive/load/${path}?width=${side}&height=${side}`
  }

  downloadUrl(paths: readonly string[], filename?: string) {
    return `/query/drive/download/${paths.join(',')}${filename ? `?filename=${filename}` : ''}`
  }
}
