import {
  createError,
  readUpload,
  type QueryContext,
  type QueryMiddleware,
  type RateLimiterService,
  type RecordData,
  z,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { AccountService } from '../account-service.js'
import type { AccountAuthenticator } from '../account-authenticator.js'
import { checkAccountChange } from '../account-rules.js'
import { toEntity } from '../account-answer.js'
import { AccountImages, imageVersionOf, type AccountImage } from './account-images.js'
import {
  defaultIcon,
  GENERATE_DEFAULT,
  GENERATE_MAX,
  generatedIcon,
  randomSeeds,
  SEED_PATTERN,
} from './generated.js'
import { checkSvgDraws, kindOf, normaliseRaster, resizeRaster } from './raster.js'
import { sanitizeSvg } from './svg.js'
import { IMAGE_WRITES } from './image-limits.js'
import type { InputHandler } from '../route-input.js'

export interface ImageServices {
  accounts: AccountService
  accountAuthenticator: AccountAuthenticator
  accountImages: AccountImages
  records: RecordsService
  limiter: RateLimiterService
}

/** The largest upload, file or SVG text: 2 MB. */
export const IMAGE_UPLOAD_LIMIT = 2 * 1024 * 1024

const SVG_TYPE = 'image/svg+xml'
const WEBP_TYPE = 'image/webp'

/**
 * Served SVG cannot run anything even when opened on its own: no scripts, no remote loads, and a
 * sandbox, on top of the sanitising at upload.
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/** The account an image call names: `:recordtype/:id`. */
interface AccountParams {
  recordtype: string
  id: string
}

/** What the image calls answer about an account's image. */
export interface ImageAnswer {
  type: string
  id: string
  version: number
  source: 'default' | AccountImage['source']
  url: string
}

function imageUrl(type: string, id: string, version: number): string {
  return `/query/account/image/get/${encodeURIComponent(type)}/${encodeURIComponent(id)}?t=${version}`
}

function answerOf(record: RecordData, version: number, source: ImageAnswer['source']): ImageAnswer {
  return {
    type: record.type,
    id: record.id,
    version,
    source,
    url: imageUrl(record.type, record.id, version),
  }
}

/**
 * A whole number from the query, from `min` to `max`, or undefined when absent or empty; anything
 * else is ERROR_INVALID_INTEGER.
 */
function wholeNumberOption(min: number, max: number) {
  return z
    .string({ error: 'ERROR_INVALID_INTEGER' })
    .regex(/^\d{0,4}$/, 'ERROR_INVALID_INTEGER')
    .transform((text) => (text === '' ? undefined : Number(text)))
    .refine((value) => value === undefined || (value >= min && value <= max), {
      error: 'ERROR_INVALID_INTEGER',
    })
    .optional()
    .describe(`A whole number from ${min} to ${max}`)
}

/** The query of `image/get`: the version, and the size of a raster image (16 to 1024 pixels). */
export const ServeQuery = z.object({
  t: z.string().optional().describe('The image version: cached for a year when current'),
  width: wholeNumberOption(16, 1024),
  height: wholeNumberOption(16, 1024),
})

/** The query of `image/generate`: how many icons, 32 when not given. */
export const GenerateQuery = z.object({ count: wholeNumberOption(1, GENERATE_MAX) })

/**
 * The guard of the calls for a signed-in account only: 401 ERROR_NOT_SIGNED_IN for anyone else,
 * before the router reads their input.
 */
export function signedInOnly({ accountAuthenticator }: ImageServices): QueryMiddleware {
  return async (ctx, next) => {
    if (!(await accountAuthenticator.signedIn(ctx))) throw createError('ERROR_NOT_SIGNED_IN')
    await next()
  }
}

/**
 * `GET /query/account/image/get/:type/:id?t=<version>[&width=&height=]`: the account's image, or
 * its generated default icon. Public, like the name that login step 1 shows beside it. With the
 * current version in `t` the answer may be cached for a year; otherwise it is revalidated (ETag).
 */
export function serveImage({ accounts, accountImages }: ImageServices): InputHandler<{
  params: { type: string; id: string }
  query: z.output<typeof ServeQuery>
}> {
  return async (ctx) => {
    const { params, query } = ctx.input
    const { width, height } = query
    const account = await accounts.getAccount(params.type, params.id)
    if (!account) throw createError('ERROR_IMAGE_NOT_AVAILABLE')
    const version = imageVersionOf(account)
    const etag = `"${account.type}-${account.id}-${version}-${width ?? ''}x${height ?? ''}"`
    ctx.set('ETag', etag)
    ctx.set(
      'Cache-Control',
      query.t === String(version) ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    // Revalidation comes first: a browser that has this version gets 304 without the image being
    // read from the database (up to 2 MB).
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304
      return
    }
    const stored = version > 0 ? await accountImages.read(account.type, account.id) : null
    if (!stored || stored.contentType === SVG_TYPE) {
      const body = stored ? stored.data : await defaultIcon(account.type, account.id)
      ctx.set('Content-Security-Policy', SVG_POLICY)
      ctx.type = SVG_TYPE
      ctx.body = body
      return
    }
    ctx.type = stored.contentType
    ctx.body = width || height ? await resizeRaster(stored.data, width, height) : stored.data
  }
}

/** `GET /query/account/image/generate?count=32`: fresh generated icons `{ images: [{ seed, svg }] }`. */
export function generateImages(): InputHandler<{ query: z.output<typeof GenerateQuery> }> {
  return async (ctx) => {
    const count = ctx.input.query.count ?? GENERATE_DEFAULT
    const images = randomSeeds(count).map(async (seed) => ({
      seed,
      svg: await generatedIcon(seed),
    }))
    ctx.body = { images: await Promise.all(images) }
  }
}

/**
 * The account the caller may change the image of: its own, or an account of a type whose security
 * record gives the caller edit rights (staff looking after customers), unless that account holds a
 * role the caller lacks (the rule of account-rules.ts: nobody acts on an account above them).
 */
async function changeableAccount(
  { accounts, accountAuthenticator, records }: ImageServices,
  ctx: QueryContext,
  { recordtype: type, id }: AccountParams,
): Promise<RecordData> {
  const signedIn = await accountAuthenticator.signedIn(ctx)
  if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
  const own = signedIn.record.type === type && signedIn.record.id === id
  const actor = toEntity(signedIn.record)
  if (!own) await records.authorize(actor, type, 'edit')
  const account = await accounts.getAccount(type, id)
  if (!account) throw createError('ERROR_IMAGE_NOT_AVAILABLE')
  if (!own) checkAccountChange({ kind: 'updated', record: account, previous: account }, actor)
  return account
}

/** `GET /query/account/image/:recordtype/:id`: `{ type, id, version, source, url }` of the account's image. */
export function describeImage({
  accounts,
  accountImages,
}: ImageServices): InputHandler<{ params: AccountParams }> {
  return async (ctx) => {
    const { recordtype, id } = ctx.input.params
    const account = await accounts.getAccount(recordtype, id)
    if (!account) throw createError('ERROR_IMAGE_NOT_AVAILABLE')
    const version = imageVersionOf(account)
    const stored = version > 0 ? await accountImages.read(account.type, account.id) : null
    ctx.body = answerOf(account, version, stored?.source ?? 'default')
  }
}

export const ChooseBody = z.strictObject({
  seed: z.string().regex(SEED_PATTERN, 'a seed is 1 to 64 letters, digits, _ or -').nullable(),
})

/**
 * `POST /query/account/image/:recordtype/:id` `{ seed }`: sets the account's image to the
 * generated icon of a seed from `image/generate`, or `{ seed: null }` back to its default icon.
 */
export function chooseImage(
  services: ImageServices,
): InputHandler<{ params: AccountParams; body: z.output<typeof ChooseBody> }> {
  return async (ctx) => {
    const { seed } = ctx.input.body
    const account = await changeableAccount(services, ctx, ctx.input.params)
    await services.limiter.consume(IMAGE_WRITES, `${account.type}/${account.id}`)
    if (seed === null) {
      ctx.body = answerOf(
        account,
        await services.accountImages.remove(account, await ctx.state.entity()),
        'default',
      )
      return
    }
    const data = Buffer.from(await generatedIcon(seed))
    const version = await services.accountImages.store(
      account,
      { contentType: SVG_TYPE, data, source: 'generated' },
      await ctx.state.entity(),
    )
    ctx.body = answerOf(account, version, 'generated')
  }
}

export const SvgBody = z.strictObject({ svg: z.string().min(1).max(IMAGE_UPLOAD_LIMIT) })

/** The query of an upload: `?type=svg` when the body is `{ svg }` JSON, none for a file. */
export const UploadQuery = z.object({ type: z.literal('svg').optional() })

/** The `{ svg }` JSON of an SVG upload: the upload route reads its own body, so JSON is parsed here. */
function svgPayload(ctx: QueryContext, raw: Buffer): string {
  if (!ctx.is('json')) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    throw createError('ERROR_JSON_BODY')
  }
  const result = SvgBody.safeParse(body)
  if (!result.success)
    throw createError('ERROR_INVALID_INPUT', { reason: `svg: ${result.error.issues[0]?.message}` })
  return result.data.svg
}

/**
 * `POST /query/account/image/upload`: sets the signed-in account's image from an uploaded file
 * (PNG, JPEG, GIF or WebP, stored as a square WebP; or an SVG file), or with `?type=svg` from a
 * JSON `{ svg }`. SVG is sanitised. 2 MB at most; anything that is not an image is refused with
 * 415 ERROR_IMAGE_TYPE, and the earlier image stays.
 */
export function uploadImage(
  services: ImageServices,
): InputHandler<{ query: z.output<typeof UploadQuery> }> {
  return async (ctx) => {
    const svgText = ctx.input.query.type === 'svg'
    const signedIn = await services.accountAuthenticator.signedIn(ctx)
    if (!signedIn) throw createError('ERROR_NOT_SIGNED_IN')
    const account = signedIn.record
    await services.limiter.consume(IMAGE_WRITES, `${account.type}/${account.id}`)
    const raw = await readUpload(ctx, IMAGE_UPLOAD_LIMIT + (svgText ? 4096 : 0))
    let svg: string | undefined
    if (svgText) svg = svgPayload(ctx, raw)
    else if ((await kindOf(raw)) === 'svg') svg = raw.toString('utf8')

    let image: Omit<AccountImage, 'version'>
    if (svg !== undefined) {
      const clean = await sanitizeSvg(svg)
      await checkSvgDraws(clean)
      image = { contentType: SVG_TYPE, data: Buffer.from(clean), source: 'svg' }
    } else {
      image = { contentType: WEBP_TYPE, data: await normaliseRaster(raw), source: 'upload' }
    }
    ctx.body = answerOf(
      account,
      await services.accountImages.store(account, image, await ctx.state.entity()),
      image.source,
    )
  }
}
