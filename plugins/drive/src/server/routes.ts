import { pipeline, type Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import type busboy from 'busboy'
import { createError, type QueryContext, type QueryRouter, type RouteInput } from '@shopwright/core'
import {
  joinPath,
  kindOfName,
  nameProblem,
  normalizeName,
  portableName,
  splitPath,
} from '../shared/names.js'
import { BlobStoreError, type BlobRange } from './blobs/blob-store.js'
import type { DriveService } from './drive-service.js'
import type { EntryRow } from './entry-store.js'
import { attachment, isTextType, servedAs } from './content-types.js'
import { requestPath, requestPaths } from './request-paths.js'
import { zipStream } from './zip-stream.js'
import { isResizableType } from './images/image-formats.js'
import type { ImageVariants } from './images/image-variants.js'
import { boxTag, resizeBoxOf, type ResizeBox } from './images/resize-box.js'
import { DRIVE_ROUTES as DESCRIBED } from './route-schemas.js'

/** A public file loaded under its content's name (`?v=` its hash): the same bytes forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * True when `v` names the file's current contents: 16 to 64 hex digits starting its SHA-256
 * (docs/drive.md, "Calls": load). A stale or wrong `v` gets the file's ordinary cache, so a
 * replaced file is never kept a year under an address that no longer names it.
 */
function isVersioned(v: unknown, row: EntryRow): boolean {
  return typeof v === 'string' && /^[0-9a-f]{16,64}$/.test(v) && !!row.hash?.startsWith(v)
}

/**
 * Rename's body, when it sends one: the name may come in the query instead, and the router asks a
 * described body of every POST, so this one is read here (docs/drive.md, "Calls").
 */
/** `Range: bytes=a-b` (one range; anything else is ignored and the whole file sent, as HTTP allows). */
function rangeOf(ctx: QueryContext): BlobRange | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(ctx.get('range'))
  if (!match) return undefined
  const start = Number(match[1])
  const end = match[2] === '' ? undefined : Number(match[2])
  return end !== undefined && end < start ? undefined : { start, end }
}

/** The drive's calls under `/query/drive` (docs/drive.md, "Calls"). */
export function driveRoutes(
  router: QueryRouter,
  drive: DriveService,
  options: { publicMaxAge: number; maxFileSize: number; images: ImageVariants },
): void {
  const at = (call: string) => (ctx: QueryContext) => requestPath(ctx.path, `/query/drive/${call}`)
  const all = (call: string) => (ctx: QueryContext) =>
    requestPaths(ctx.path, `/query/drive/${call}`)

  const get = at('get')
  router.get('/drive/get', DESCRIBED.getRoot, async (ctx) => {
    ctx.body = await drive.get(await ctx.state.entity(), '', ctx.input.query)
  })
  router.get('/drive/get/*', DESCRIBED.get, async (ctx) => {
    ctx.body = await drive.get(await ctx.state.entity(), get(ctx), ctx.input.query)
  })

  const list = at('list')
  const listFolder = async (
    ctx: QueryContext & { input: RouteInput<typeof DESCRIBED.list> },
  ): Promise<void> => {
    ctx.body = await drive.list(await ctx.state.entity(), list(ctx), ctx.input.query)
  }
  router.get('/drive/list', DESCRIBED.listRoot, listFolder)
  router.get('/drive/list/*', DESCRIBED.list, listFolder)

  const create = at('create')
  router.post('/drive/create/*', DESCRIBED.create, async (ctx) => {
    ctx.body = await drive.create(await ctx.state.entity(), create(ctx))
  })

  const upload = at('upload')
  router.upload('/drive/upload/*', DESCRIBED.upload, async (ctx) => {
    const path = upload(ctx)
    const entity = await ctx.state.entity()
    const { replace } = ctx.input.query
    if (ctx.is('multipart/form-data')) {
      const part = await firstFile(ctx, options.maxFileSize)
      // A folder in the address takes the part's file name; a file path names the file itself.
      const target =
        kindOfName(splitPath(path).name) === 'file' ? path : joinPath(path, fileName(part.filename))
      ctx.body = await drive.upload(entity, target, part.stream, { replace })
      return
    }
    const length = ctx.get('content-length')
    const size = /^\d{1,15}$/.test(length) ? Number(length) : undefined
    ctx.body = await drive.upload(entity, path, ctx.req, { size, replace })
  })

  const load = at('load')
  router.get('/drive/load/*', DESCRIBED.load, async (ctx) => {
    // A bad width or height is refused before the file is looked up, whoever asks.
    const box = resizeBoxOf(ctx)
    const { row } = await drive.file(await ctx.state.entity(), load(ctx))
    const cache = !row.path.startsWith('public/')
      ? 'private, no-cache'
      : isVersioned(ctx.query.v, row)
        ? IMMUTABLE
        : options.publicMaxAge > 0
          ? `public, max-age=${options.publicMaxAge}`
          : 'private, no-cache'
    // SVG, other types and empty files ignore a resize: served as stored.
    if (box && row.blob && isResizableType(row.content_type)) {
      await sendResized(ctx, drive, options.images, row, box, cache)
      return
    }
    await sendFile(ctx, drive, row, { inline: true, cache })
  })

  const download = all('download')
  router.get('/drive/download/*', DESCRIBED.download, async (ctx) => {
    const entity = await ctx.state.entity()
    const paths = download(ctx)
    const { filename } = ctx.input.query
    if (paths.length === 1 && kindOfName(splitPath(paths[0]!).name) === 'file') {
      const { row } = await drive.file(entity, paths[0]!)
      await sendFile(ctx, drive, row, { inline: false, cache: 'private, no-cache', filename })
      return
    }
    const members = await drive.zipMembers(entity, paths)
    const first =
      paths.length === 1 ? portableName(splitPath(paths[0]!).name) || 'drive' : 'download'
    const name = filename ? zipName(filename) : `${first}.zip`
    ctx.set('Content-Disposition', attachment(name))
    ctx.set('Cache-Control', 'private, no-store')
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.type = 'application/zip'
    ctx.body = zipStream(members)
  })

  const rename = at('rename')
  router.post('/drive/rename/*', DESCRIBED.rename, async (ctx) => {
    const filename = ctx.input.query.filename ?? ctx.input.body?.filename
    if (filename === undefined)
      throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'filename: the new name.' })
    ctx.body = await drive.rename(await ctx.state.entity(), rename(ctx), filename)
  })

  const save = at('save')
  router.post('/drive/save/*', DESCRIBED.save, async (ctx) => {
    ctx.body = await drive.save(await ctx.state.entity(), save(ctx), ctx.input.body.source)
  })

  const move = all('move')
  router.post('/drive/move/*', DESCRIBED.move, async (ctx) => {
    ctx.body = {
      list: await drive.move(
        await ctx.state.entity(),
        move(ctx),
        ctx.input.query.to.normalize('NFC'),
      ),
    }
  })

  const bin = all('bin')
  router.post('/drive/bin/*', DESCRIBED.bin, async (ctx) => {
    ctx.body = { list: await drive.bin(await ctx.state.entity(), bin(ctx)) }
  })

  const remove = all('delete')
  router.post('/drive/delete/*', DESCRIBED.remove, async (ctx) => {
    ctx.body = { list: await drive.remove(await ctx.state.entity(), remove(ctx)) }
  })

  const security = at('security')
  router.post('/drive/security/*', DESCRIBED.security, async (ctx) => {
    const { body } = ctx.input
    ctx.body = await drive.setSecurity(await ctx.state.entity(), security(ctx), body.security)
  })
}

/** Text under this many bytes is sent as stored: gzip would save less than its own overhead. */
const MIN_GZIP_SIZE = 1024
/** zlib's default: most of the saving of level 9 for a fraction of its time, as files stream. */
const GZIP_LEVEL = 6

/**
 * Sends a file: an ETag of its hash (a 304 when it has not changed), one byte range when asked,
 * text gzipped for a client that accepts it, and the type and policy `servedAs` gives its stored
 * type, with `nosniff`: anything that could run as a script, a stylesheet or a page is sent as
 * `application/octet-stream` in a sandbox, so it never runs with the site's origin (docs/drive.md,
 * "Serving files safely"). Downloads are always attachments, under a name every system takes.
 */
async function sendFile(
  ctx: QueryContext,
  drive: DriveService,
  row: EntryRow,
  options: { inline: boolean; cache: string; filename?: string },
): Promise<void> {
  const type = row.content_type ?? 'application/octet-stream'
  const range = rangeOf(ctx)
  // Text is sent gzipped to a client that takes it (a part asked by range is sent as stored).
  const compressible = isTextType(type) && row.size >= MIN_GZIP_SIZE
  if (compressible) ctx.vary('Accept-Encoding')
  const gzip = compressible && !range && ctx.acceptsEncodings('gzip', 'identity') === 'gzip'
  // The gzipped bytes are another representation: another validator (RFC 9110, 8.8.3).
  const etag = `"${row.hash ?? ''}${gzip ? '-gzip' : ''}"`
  ctx.set('ETag', etag)
  ctx.set('Last-Modified', new Date(row.modified).toUTCString())
  ctx.set('Cache-Control', options.cache)
  ctx.set('Accept-Ranges', 'bytes')
  const served = servedAs(type)
  ctx.set('X-Content-Type-Options', 'nosniff')
  if (served.policy) ctx.set('Content-Security-Policy', served.policy)
  // Inline for the editor and the storefront; what is not served as itself stays sandboxed.
  ctx.set(
    'Content-Disposition',
    options.inline
      ? 'inline'
      : attachment(options.filename ? fileName(options.filename) : portableName(row.name)),
  )
  if (ctx.get('if-none-match') === etag) {
    ctx.status = 304
    return
  }
  let contents
  try {
    contents = await drive.contents(row, range)
  } catch (error) {
    if (error instanceof BlobStoreError && error.code === 'BLOB_RANGE_INVALID') {
      ctx.set('Content-Range', `bytes */${row.size}`)
      ctx.status = 416
      ctx.body = ''
      return
    }
    throw uncacheable(ctx, error)
  }
  ctx.type = served.type
  if (range) {
    const start = range.start
    ctx.status = 206
    ctx.set('Content-Range', `bytes ${start}-${start + contents.size - 1}/${contents.totalSize}`)
  }
  if (gzip) {
    ctx.set('Content-Encoding', 'gzip')
    // Streamed: the length is known only at the end. A failed read fails the compressed stream.
    const compressed = createGzip({ level: GZIP_LEVEL })
    pipeline(contents.body, compressed, () => undefined)
    ctx.body = compressed
    return
  }
  ctx.length = contents.size
  ctx.body = contents.body
}

/**
 * Sends an image resized to fit the box (docs/drive.md, "Resized images"): the same cache rules as
 * the file, an ETag of the source's hash and the box (a 304 before anything is read or resized),
 * and the variant's own type. A variant is sent whole: `Range` is ignored, as HTTP allows. The
 * file is sent as stored, through sendFile with its own ETag, ranges and all, when it fits the box
 * already or is not a raster the drive resizes. The cache headers and ETag are set only once the
 * variant is there: a refusal (422, 429) or failure is answered `no-store`, so no browser or proxy
 * keeps it in place of the image.
 */
async function sendResized(
  ctx: QueryContext,
  drive: DriveService,
  images: ImageVariants,
  row: EntryRow,
  box: ResizeBox,
  cache: string,
): Promise<void> {
  const etag = `"${row.hash ?? row.blob ?? ''}-${boxTag(box)}"`
  const validators = () => {
    ctx.set('ETag', etag)
    ctx.set('Last-Modified', new Date(row.modified).toUTCString())
    ctx.set('Cache-Control', cache)
  }
  if (ctx.get('if-none-match') === etag) {
    validators()
    ctx.status = 304
    return
  }
  let resolved
  try {
    resolved = await images.resolve(row, box)
  } catch (error) {
    throw uncacheable(ctx, error)
  }
  if (resolved.kind === 'original') {
    // Served under the name's image type, as without a resize: with nosniff, bytes that are not
    // that image (an SVG called .png) are never run as a document.
    await sendFile(ctx, drive, row, { inline: true, cache })
    return
  }
  validators()
  ctx.set('Content-Disposition', 'inline')
  // A variant is always a JPEG, PNG or WebP the drive wrote itself: served as itself.
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.type = resolved.type
  ctx.length = resolved.size
  ctx.body = resolved.body
}

/**
 * Takes back the validators and cache rule set for a file whose read then failed, and hands the
 * error on: an error answer is nobody's copy of the file, and no header set before may make it
 * cacheable (/query answers errors `no-store` anyway).
 */
function uncacheable(ctx: QueryContext, error: unknown): unknown {
  ctx.remove('ETag')
  ctx.remove('Last-Modified')
  ctx.set('Cache-Control', 'no-store')
  return error
}

/** A download or part file name: the name rules, else a plain fallback. */
function fileName(raw: string): string {
  const name = normalizeName(raw.replace(/^.*[/\\]/, ''))
  if (nameProblem(name, 'file') !== null)
    throw createError('ERROR_INVALID_FILE_NAME', { reason: JSON.stringify(name.slice(0, 100)) })
  return name
}

/** The zip's name: the caller's, made a valid file name ending in .zip. */
function zipName(raw: string): string {
  return fileName(raw.toLowerCase().endsWith('.zip') ? raw : `${raw}.zip`)
}

let busboyLoading: Promise<typeof busboy> | undefined

/** busboy comes in with the first upload, not at start. */
function loadBusboy(): Promise<typeof busboy> {
  busboyLoading ??= import('busboy').then((module) => module.default)
  return busboyLoading
}

/**
 * The first file part of a multipart body, as a stream, once its headers are read. Other parts
 * are drained; a part over the size limit fails the stream so nothing short is stored.
 */
async function firstFile(
  ctx: QueryContext,
  limit: number,
): Promise<{ filename: string; stream: Readable }> {
  const busboy = await loadBusboy()
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: limit, fields: 20, parts: 21, fieldSize: 64 * 1024 },
      })
    } catch {
      reject(createError('ERROR_INVALID_INPUT', { reason: 'The multipart body is malformed.' }))
      return
    }
    let found = false
    parser.on('file', (_field, stream, info) => {
      if (found) {
        stream.resume()
        return
      }
      found = true
      stream.on('limit', () =>
        stream.destroy(
          new BlobStoreError('BLOB_TOO_LARGE', `more than the ${limit} bytes allowed`),
        ),
      )
      resolve({ filename: info.filename ?? '', stream })
    })
    parser.on('error', () =>
      reject(createError('ERROR_INVALID_INPUT', { reason: 'The multipart body is malformed.' })),
    )
    parser.on('close', () => {
      if (!found) reject(createError('ERROR_BODY_EXPECTED', { reason: 'No file part.' }))
    })
    ctx.req.pipe(parser)
  })
}
