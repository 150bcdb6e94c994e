import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * A browser build as Vite's manifest (`<client dir>/.vite/manifest.json`) describes it: which chunks
 * the page loads before it can show anything, and which load later. Used for the admin
 * (admin-ui/dist/client, one lazy chunk per panel) and the storefront's default theme
 * (storefront-theme/dist/client). The walk is pure; reading and compressing the files is separate.
 */

/** Where `npm run build` (Vite) writes the admin, relative to the monorepo root. */
export const ADMIN_CLIENT_DIR = 'admin-ui/dist/client'
/** Vite's manifest inside a client folder. */
export const VITE_MANIFEST = '.vite/manifest.json'
/** The admin's manifest inside its client folder. */
export const ADMIN_MANIFEST = VITE_MANIFEST

/** A Vite browser build of the monorepo: where it is and what loads first. */
export interface ClientBuild {
  /** What it is, in messages: `the admin`, `the default theme`. */
  label: string
  /** Vite's out dir, relative to the monorepo root. */
  clientDir: string
  /** Vite's root, relative to the monorepo root: chunk names are given from there. */
  sourceRoot: string
  /** The public prefix the kernel serves the files under (Vite's `base`). */
  base: string
  /** The manifest key of the page's entry; unset: the one `isEntry` chunk (see entryKey). */
  entry?: string
}

/** The admin: `index.html` and its entry chunk, served under /admin/. */
export const ADMIN_BUILD: ClientBuild = {
  label: 'the admin',
  clientDir: ADMIN_CLIENT_DIR,
  sourceRoot: 'admin-ui',
  base: '/admin/',
}

/**
 * The storefront's default theme (@shopwright/theme-default): no page of its own (the kernel renders
 * it), the browser entry `src/entry-client.tsx` (the theme's `clientEntry`), served under /theme/.
 */
export const THEME_BUILD: ClientBuild = {
  label: 'the default theme',
  clientDir: 'storefront-theme/dist/client',
  sourceRoot: 'storefront-theme',
  base: '/theme/',
  entry: 'src/entry-client.tsx',
}

/** One entry of a Vite manifest (the fields the walk uses). */
export interface ManifestChunk {
  /** The built file, relative to the client folder (`assets/index-Cy9KTvLE.js`). */
  file: string
  /** The source the chunk was built from, relative to Vite's root; absent for shared chunks. */
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  /** Manifest keys of the chunks this one imports statically: they load with it. */
  imports?: string[]
  /** Manifest keys of the chunks this one imports with `import()`: they load when asked for. */
  dynamicImports?: string[]
  css?: string[]
}

/** A Vite manifest: chunks by key (the source path, or `_<file>` for a shared chunk). */
export type Manifest = Record<string, ManifestChunk>

/** A build's chunks, sorted into what the first page needs and what loads later. */
export interface ChunkPlan {
  /** The key of the entry chunk (`index.html` for the admin, `src/entry-client.tsx` for the theme). */
  entry: string
  /** The entry and every chunk it imports statically, recursively; the entry first. */
  initial: string[]
  /** The CSS files the initial chunks name (deduplicated, in order). */
  initialCss: string[]
  /** The targets of `import()` anywhere in the app that are not already in the initial set. */
  lazy: LazyChunk[]
}

/** A chunk loaded by `import()`: one panel (or a part of one). */
export interface LazyChunk {
  key: string
  /**
   * What opening it loads beyond the initial JavaScript: the chunk itself first, then the chunks
   * it imports statically (recursively) that the initial set does not hold.
   */
  loads: string[]
}

/** Accepts what a manifest file holds; throws a clear error for anything else. */
export function parseManifest(text: string, file = 'manifest.json'): Manifest {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`)
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${file} is not a Vite manifest (an object of chunks)`)
  for (const [key, chunk] of Object.entries(data as Record<string, unknown>)) {
    if (
      typeof chunk !== 'object' ||
      chunk === null ||
      typeof (chunk as { file?: unknown }).file !== 'string'
    )
      throw new Error(`${file}: entry ${JSON.stringify(key)} has no file`)
  }
  return data as Manifest
}

/** The entry chunk's key: the one `isEntry` chunk (`index.html` when there are several). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  if (entries.length === 1) return entries[0]!
  if (entries.includes('index.html')) return 'index.html'
  throw new Error(
    entries.length === 0
      ? 'the manifest has no entry chunk (isEntry)'
      : `the manifest has ${entries.length} entry chunks and none is index.html: ${entries.join(', ')}`,
  )
}

function chunkOf(manifest: Manifest, key: string, from: string): ManifestChunk {
  const chunk = manifest[key]
  if (!chunk)
    throw new Error(
      `the manifest names ${JSON.stringify(key)} (from ${from}) but has no such entry`,
    )
  return chunk
}

/**
 * `start` and every chunk it imports statically, recursively, depth first in import order;
 * `start` first, each key once (a panel chunk importing the entry back is not a loop).
 */
export function staticClosure(manifest: Manifest, start: string): string[] {
  const seen = new Set<string>()
  const visit = (key: string, from: string): void => {
    if (seen.has(key)) return
    const chunk = chunkOf(manifest, key, from)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported, key)
  }
  visit(start, 'the walk')
  return [...seen]
}

/**
 * The initial JavaScript (the entry plus its static imports, recursively) and the lazily loaded
 * chunks: every `dynamicImports` target of any chunk reachable from the entry, statically or
 * lazily, that is not initial, each with what opening it adds. Lazy chunks keep the order in which
 * the walk meets them (the entry's own list first). `entry` is the entry's key (default: entryKey).
 */
export function planChunks(manifest: Manifest, entry = entryKey(manifest)): ChunkPlan {
  const entryChunk = manifest[entry]
  if (!entryChunk) throw new Error(`the manifest has no entry ${JSON.stringify(entry)}`)
  if (!entryChunk.isEntry)
    throw new Error(`the manifest's ${JSON.stringify(entry)} is not an entry chunk`)
  const initial = staticClosure(manifest, entry)
  const initialSet = new Set(initial)
  const initialCss = [...new Set(initial.flatMap((key) => manifest[key]!.css ?? []))]

  const lazyKeys: string[] = []
  const met = new Set<string>(initial)
  const queue = [...initial]
  while (queue.length) {
    const key = queue.shift()!
    const chunk = chunkOf(manifest, key, 'the walk')
    for (const target of chunk.dynamicImports ?? []) {
      chunkOf(manifest, target, key)
      if (!initialSet.has(target) && !lazyKeys.includes(target)) lazyKeys.push(target)
    }
    // Chunks loaded with a lazy one may import lazily in turn.
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!met.has(next)) {
        met.add(next)
        queue.push(next)
      }
    }
  }
  const lazy = lazyKeys.map((key) => ({
    key,
    loads: staticClosure(manifest, key).filter((each) => !initialSet.has(each)),
  }))
  return { entry, initial, initialCss, lazy }
}

/**
 * A chunk's name for people: its source file relative to the monorepo root when it has one
 * (`plugins/records/src/admin/RecordListScreen.tsx`), else its built file (`assets/keys-wTD0hiLH.js`).
 * `adminRoot` is Vite's root relative to the monorepo root (`admin-ui`).
 */
export function chunkName(manifest: Manifest, key: string, adminRoot = 'admin-ui'): string {
  const chunk = manifest[key]
  if (!chunk?.src) return chunk?.file ?? key
  return path.posix.normalize(path.posix.join(adminRoot, chunk.src))
}

/** gzip level 9 (node:zlib), the size a server compressing the file at its best would send. */
export function gzipBytes(data: Uint8Array): number {
  return gzipSync(data, { level: 9 }).length
}

/** A built file's sizes. */
export interface FileSize {
  file: string
  bytes: number
  gzipBytes: number
}

/** Sizes of a list of files, and their totals. */
export interface SizeSum {
  files: FileSize[]
  bytes: number
  gzipBytes: number
}

/** Adds up file sizes (each file gzipped on its own, as a browser fetches them). */
export function sumSizes(files: readonly FileSize[]): SizeSum {
  return {
    files: [...files],
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  }
}

/**
 * A built client: its manifest, parsed. Throws a message that says how to build it when the
 * folder, the manifest or a file the manifest names is missing.
 */
export function readBuiltManifest(
  root: string,
  build: ClientBuild,
): { clientDir: string; manifest: Manifest } {
  const clientDir = path.join(root, build.clientDir)
  const file = path.join(clientDir, VITE_MANIFEST)
  if (!fs.existsSync(file)) {
    throw new Error(
      `${build.label} is not built: ${path.relative(root, file)} is missing. Build it with \`npm run build\` (or \`npx turbo run build\`) from ${root}; \`npm run bench\` builds first`,
    )
  }
  const manifest = parseManifest(fs.readFileSync(file, 'utf8'), path.relative(root, file))
  const missing = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((built) => !fs.existsSync(path.join(clientDir, built)))
  if (missing.length) {
    throw new Error(
      `${build.label} build is incomplete: ${path.relative(root, file)} names ${missing.join(', ')}, missing from ${path.relative(root, clientDir)}. Build it again with \`npm run build\``,
    )
  }
  return { clientDir, manifest }
}

/** The built admin (readBuiltManifest of ADMIN_BUILD). */
export function readAdminManifest(root: string): { clientDir: string; manifest: Manifest } {
  return readBuiltManifest(root, ADMIN_BUILD)
}

/** A built file's raw and gzip sizes. */
export function measureFile(clientDir: string, file: string): FileSize {
  const data = fs.readFileSync(path.join(clientDir, file))
  return { file, bytes: data.length, gzipBytes: gzipBytes(data) }
}

/**
 * The JavaScript files the built page itself names: `<script type="module" src>` and
 * `<link rel="modulepreload" href>`, relative to the client folder (the `/admin/` base removed).
 */
export function pageScripts(html: string, base = '/admin/'): string[] {
  const found: string[] = []
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? []
  for (const tag of tags) {
    const isScript = /^<script/i.test(tag)
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1]
    if (!url) continue
    found.push(url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''))
  }
  return found
}
