import type { QueryClient } from '@shopwright/client'
import {
  joinPath,
  type DriveEntry,
  type DriveFile,
  type DriveFolder,
  type DriveListing,
  type DrivePaths,
} from '../shared/index.js'
import { encodePath } from './paths.js'
import { readText, sendFile } from './raw-calls.js'

/** A security record an administrator may set on a folder or file. */
export interface SecurityChoice {
  id: string
  name: string
}

/** The drive's calls as the screens make them (docs/drive.md, "Calls"); tests hand a fake. */
export interface DriveApi {
  /**
   * A file, or a folder with its first page of `pagesize` entries (1 to 1000; the server's 100
   * without): the folder view's size (useFolder, from the `pagination` configuration's `folder`).
   * A file's answer takes no size.
   */
  get(path: string, pagesize?: number): Promise<DriveFile | DriveFolder>
  /**
   * A page of a folder after `nextpage`, `pagesize` entries (1 to 1000): the folder view's size
   * (useFolder, from the `pagination` configuration's `folder`).
   */
  list(path: string, nextpage: string, pagesize: number): Promise<DriveListing>
  /** A file when the last name has a dot, else a folder. */
  create(path: string): Promise<DriveEntry>
  /** Moves the entries, with all they hold, to the bin. */
  bin(paths: readonly string[]): Promise<DrivePaths>
  rename(path: string, name: string): Promise<DriveEntry>
  /** Moves the entries, with all they hold, into the folder `to`; all or none. */
  move(paths: readonly string[], to: string): Promise<DrivePaths>
  loadText(path: string): Promise<string>
  save(path: string, source: string): Promise<DriveFile>
  upload(folder: string, file: File, progress: (sent: number) => void): Promise<DriveFile>
  setSecurity(path: string, security: string | null): Promise<DriveEntry>
  /** The security records to choose from (the records plugin's list of `security`). */
  securityRecords(): Promise<SecurityChoice[]>
  /** The address of a file's bytes, shown inline; `version` (its hash) passes caches. */
  loadUrl(path: string, version?: string): string
  /**
   * The address of an image scaled down to fit a square of `side` px (the resize ladder,
   * docs/drive.md, "Resized images"); `version` (its modified time) passes caches.
   */
  thumbnailUrl(path: string, side: number, version?: string): string
  /** The address that downloads the entries: one file as it is, anything else as a zip. */
  downloadUrl(paths: readonly string[], filename?: string): string
}

/** How many security records the select offers (the admin list's page size). */
const SECURITY_CHOICES = 100

const call = (name: string, path: string) => `/drive/${name}/${encodePath(path)}`
const calls = (name: string, paths: readonly string[]) =>
  `/drive/${name}/${paths.map(encodePath).join(',')}`

/** The calls through the admin's `/query` client (useClient()). */
export function driveApi(client: QueryClient): DriveApi {
  return {
    get: (path, pagesize) => client.get<DriveFile | DriveFolder>(call('get', path), { pagesize }),
    list: (path, nextpage, pagesize) =>
      client.get<DriveListing>(path === '' ? '/drive/list' : call('list', path), {
        nextpage,
        pagesize,
      }),
    create: (path) => client.post<DriveEntry>(call('create', path)),
    bin: (paths) => client.post<DrivePaths>(calls('bin', paths)),
    rename: (path, name) =>
      client.post<DriveEntry>(call('rename', path), undefined, { filename: name }),
    move: (paths, to) => client.post<DrivePaths>(calls('move', paths), undefined, { to }),
    loadText: (path) => readText(client, client.url(call('load', path))),
    save: (path, source) => client.post<DriveFile>(call('save', path), { source }),
    upload: (folder, file, progress) =>
      sendFile<DriveFile>(
        client,
        client.url(call('upload', joinPath(folder, file.name.normalize('NFC')))),
        file,
        progress,
      ),
    setSecurity: (path, security) => client.post<DriveEntry>(call('security', path), { security }),
    async securityRecords() {
      const answer = await client.get<{ list: Array<{ id: string; name?: unknown }> }>(
        '/data/list/security',
        { pagesize: SECURITY_CHOICES },
      )
      return answer.list.map((record) => ({
        id: record.id,
        name: typeof record.name === 'string' && record.name ? record.name : record.id,
      }))
    },
    loadUrl: (path, version) => client.url(call('load', path), { t: version }),
    thumbnailUrl: (path, side, version) =>
      client.url(call('load', path), { width: side, height: side, t: version }),
    downloadUrl: (paths, filename) => client.url(calls('download', paths), { filename }),
  }
}
