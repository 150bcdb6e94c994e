import { availableParallelism } from 'node:os'
import { Readable } from 'node:stream'
import { createError, type Logger, z } from '@shopwright/core'
import { isBlobNotFound, type BlobStore } from '../blobs/blob-store.js'
import type { EntryRow } from '../entry-store.js'
import {
  ImageDecodeError,
  ImageTimeoutError,
  MAX_INPUT_PIXELS,
  MAX_INPUT_SIDE,
  type ImageCodec,
  type ResizeTarget,
} from './image-codec.js'
import { OUTPUT_FORMAT, OUTPUT_TYPE } from './image-formats.js'
import { boxTag, fitInside, type ResizeBox } from './resize-box.js'
import { ResizeSlots } from './resize-slots.js'

/** The largest stored file that is resized: it is read whole into memory to be decoded. */
export const MAX_SOURCE_BYTES = 50 * 1024 * 1024

/** Resizes at once per process: libvips spreads each one over the cores already. */
export const RESIZE_CONCURRENCY = Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2)))

/** Resizes that may wait for a slot before more are refused (429 with Retry-After). */
export const RESIZE_QUEUE = 100

/** Sources whose facts a process keeps in memory: facts never change for one content hash. */
const FACTS_IN_MEMORY = 10_000

/** A facts blob is a few dozen bytes: anything longer is not one. */
const MAX_FACTS_BYTES = 1024

/**
 * Bumped when variants are encoded differently (quality, format rules), so old ones are not
 * served; they then become orphans like those of replaced sources.
 */
const KEY_VERSION = 'img1'

/**
 * What the drive knows about a source, by its content hash, kept as a small blob beside the
 * variants (so every node learns it once): a raster with its upright size; `other` for bytes that
 * are not one of the resized formats (served as stored); `broken` for bytes that start like an
 * image but cannot be decoded (refused, without decoding them again).
 */
const SourceFacts = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('raster'),
    format: z.enum(['jpeg', 'png', 'webp', 'avif', 'gif']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  z.strictObject({ kind: z.literal('other') }),
  z.strictObject({ kind: z.literal('broken') }),
])
export type SourceFacts = z.infer<typeof SourceFacts>

/** What a resize asks for, worked out from the facts: the stored file itself, or a variant. */
type Plan = { kind: 'original' } | ({ kind: 'variant'; key: string } & ResizeTarget)

/** A resize's answer: serve the file as stored, or these bytes. */
export type Resolved =
  | { kind: 'original' }
  | { kind: 'variant'; key: string; type: string; size: number; body: Readable }

/** A computed plan, shared by every request that waited for it (bytes when just encoded). */
type Computed =
  { kind: 'original' } | { kind: 'variant'; plan: Plan & { kind: 'variant' }; bytes?: Buffer }

const ORIGINAL = { kind: 'original' } as const

/** The id variants of a file are kept under: its content hash (so a new upload gets new ones). */
export function sourceIdOf(row: Pick<EntryRow, 'hash' | 'blob'>): string | null {
  if (!row.blob) return null
  if (row.hash && /^[0-9a-f]{64}$/.test(row.hash)) return row.hash
  // A row without a usable hash: its blob key is just as unique to its contents.
  return /^[0-9a-f]{16,64}$/.test(row.blob) ? row.blob : null
}

/** The blob key of a source's facts. */
export function factsKey(source: string): string {
  return `${KEY_VERSION}-${source}-facts`
}

/** The blob key of one variant: the source's hash, the exact size and the output format. */
export function variantKey(source: string, target: ResizeTarget): string {
  return `${KEY_VERSION}-${source}-${target.width}x${target.height}-${target.format}`
}

/** What a source's facts and a box ask for; refuses sources that are not resized. */
function planOf(source: string, facts: SourceFacts, box: ResizeBox): Plan {
  if (facts.kind === 'other') return ORIGINAL
  if (facts.kind === 'broken')
    throw createError('ERROR_IMAGE_UNREADABLE', { reason: 'The image data cannot be decoded.' })
  // Each side on its own: a thin image is cheap in pixels and dear in time.
  if (facts.width > MAX_INPUT_SIDE || facts.height > MAX_INPUT_SIDE)
    throw createError('ERROR_IMAGE_TOO_LARGE', {
      reason: `${facts.width} x ${facts.height} has a side longer than the ${MAX_INPUT_SIDE} pixels resized.`,
    })
  if (facts.width * facts.height > MAX_INPUT_PIXELS)
    throw createError('ERROR_IMAGE_TOO_LARGE', {
      reason: `${facts.width} x ${facts.height} is more than the ${MAX_INPUT_PIXELS} pixels resized.`,
    })
  const size = fitInside(facts, box)
  if (size === null) return ORIGINAL
  const target = { ...size, format: OUTPUT_FORMAT[facts.format] }
  return { kind: 'variant', key: variantKey(source, target), ...target }
}

export interface ImageVariantsOptions {
  /** The largest stored file that is resized (MAX_SOURCE_BYTES). */
  maxSourceBytes?: number
  /** Where a facts write that failed is said (the answer goes on without it). */
  logger?: Pick<Logger, 'warn'>
}

/**
 * Resized copies of the drive's images (docs/drive.md, "Resized images"). Each variant is computed
 * once for the whole site and kept in the drive's blob store, which every node shares, under the
 * source's content hash, its size and its format; a replaced file has a new hash, so its old
 * variants are never served again. In the process: the facts of sources seen lately, requests for
 * one variant sharing one computation, and at most RESIZE_CONCURRENCY resizes at once.
 */
export class ImageVariants {
  private readonly facts = new Map<string, SourceFacts>()
  private readonly inFlight = new Map<string, Promise<Computed>>()
  private readonly maxSourceBytes: number
  private readonly logger: Pick<Logger, 'warn'> | undefined

  constructor(
    private readonly blobs: BlobStore,
    /** What reads and resizes the images (read by the tests that check its processes). */
    readonly codec: ImageCodec,
    /** The resizes running and waiting on this node (read by the tests that fill them). */
    readonly slots: ResizeSlots = new ResizeSlots(RESIZE_CONCURRENCY, RESIZE_QUEUE),
    options: ImageVariantsOptions = {},
  ) {
    this.maxSourceBytes = options.maxSourceBytes ?? MAX_SOURCE_BYTES
    this.logger = options.logger
  }

  /**
   * The file resized to fit the box, from the store when it was made before, else made now and
   * stored; `original` when the file is served as stored (it fits the box already, or it is not a
   * raster the drive resizes). The caller has checked the caller's right to view the file.
   */
  async resolve(row: Pick<EntryRow, 'hash' | 'blob' | 'size'>, box: ResizeBox): Promise<Resolved> {
    const source = sourceIdOf(row)
    if (source === null) return ORIGINAL
    const facts = await this.knownFacts(source)
    let work = `${source}/${boxTag(box)}`
    if (facts) {
      const plan = planOf(source, facts, box)
      if (plan.kind === 'original') return ORIGINAL
      const stored = await this.openStored(plan)
      if (stored) return stored
      work = plan.key
    }
    // Refused before it waits for a slot: the size is known without reading a byte.
    if (row.size > this.maxSourceBytes)
      throw createError('ERROR_IMAGE_TOO_LARGE', {
        reason: `The file has ${row.size} bytes; images up to ${this.maxSourceBytes} are resized.`,
      })
    const computed = await this.once(work, () => this.compute(row.blob!, row.size, source, box))
    if (computed.kind === 'original') return ORIGINAL
    const { plan, bytes } = computed
    if (bytes) return { ...variantAnswer(plan), size: bytes.length, body: Readable.from([bytes]) }
    const stored = await this.openStored(plan)
    if (!stored) throw new Error(`the variant ${plan.key} was stored and is gone`)
    return stored
  }

  /** One computation per key at a time: later requests for it wait for the first one's. */
  private once(key: string, work: () => Promise<Computed>): Promise<Computed> {
    const running = this.inFlight.get(key)
    if (running) return running
    const started = work().finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, started)
    return started
  }

  /**
   * In a slot: learn the source's facts if need be, resize, store the variant. Facts learnt here
   * are kept only once the variant is stored (or the answer is known without one): a request that
   * finds the facts then also finds the variant, rather than making it a second time. Keeping them
   * is a saving, not the answer: a facts write that fails is logged, and the variant (or the
   * refusal) is answered all the same; the facts are learnt again on a later request.
   */
  private compute(blob: string, size: number, source: string, box: ResizeBox): Promise<Computed> {
    return this.slots.run(async () => {
      const known = await this.knownFacts(source)
      if (known) {
        const plan = planOf(source, known, box)
        if (plan.kind === 'original') return ORIGINAL
        // Made while this request waited, here or on another node.
        if (await this.blobs.stat(plan.key)) return { kind: 'variant', plan }
      }
      const bytes = await this.readSource(blob, size)
      const facts = known ?? (await this.inspect(bytes))
      const keep = async (kept: SourceFacts = facts) => {
        if (!known || kept !== facts) await this.remember(source, kept)
      }
      let plan: Plan
      try {
        plan = planOf(source, facts, box)
      } catch (error) {
        await keep()
        throw error
      }
      if (plan.kind === 'original') {
        await keep()
        return ORIGINAL
      }
      // Facts that were not kept (their write failed) while the variant was: it is not made again.
      if (!known && (await this.blobs.stat(plan.key))) {
        await keep()
        return { kind: 'variant', plan }
      }
      let output: Buffer
      try {
        output = await this.codec.resize(bytes, plan)
      } catch (error) {
        if (error instanceof ImageTimeoutError) {
          await keep()
          throw this.timedOut(source, plan, error)
        }
        if (!(error instanceof ImageDecodeError)) throw error
        await keep({ kind: 'broken' })
        throw createError('ERROR_IMAGE_UNREADABLE', { reason: error.message, cause: error })
      }
      await this.blobs.put(plan.key, Readable.from([output]), { size: output.length })
      await keep()
      return { kind: 'variant', plan, bytes: output }
    })
  }

  /**
   * A resize stopped at its deadline: logged (an image that does it every time is worth a look),
   * answered 422, and not remembered, since a busy node may have been the cause. The facts are
   * kept, so the header is not read again.
   */
  private timedOut(source: string, plan: Plan & { kind: 'variant' }, error: ImageTimeoutError) {
    this.logger?.warn({ err: error, source, variant: plan.key }, 'drive: a resize was stopped')
    return createError('ERROR_IMAGE_TIMEOUT', { reason: error.message, cause: error })
  }

  /** Stops the processes resizes run in (the drive is stopping). */
  async close(): Promise<void> {
    await this.codec.close?.()
  }

  /** The facts of a source this process or another learnt before, or null. */
  private async knownFacts(source: string): Promise<SourceFacts | null> {
    const cached = this.facts.get(source)
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.facts.delete(source)
      this.facts.set(source, cached)
      return cached
    }
    let text: string
    try {
      const { body, size } = await this.blobs.get(factsKey(source))
      if (size > MAX_FACTS_BYTES) {
        body.destroy()
        return null
      }
      text = (await readWhole(body, MAX_FACTS_BYTES)).toString('utf8')
    } catch (error) {
      if (isBlobNotFound(error)) return null
      throw error
    }
    let parsed
    try {
      parsed = SourceFacts.safeParse(JSON.parse(text))
    } catch {
      return null
    }
    // Unreadable facts are learnt again, and overwritten.
    if (!parsed.success) return null
    this.cache(source, parsed.data)
    return parsed.data
  }

  /** What a source's header says (nothing is decoded). */
  private async inspect(bytes: Buffer): Promise<SourceFacts> {
    try {
      const found = await this.codec.inspect(bytes)
      return found ? { kind: 'raster', ...found } : { kind: 'other' }
    } catch (error) {
      if (!(error instanceof ImageDecodeError)) throw error
      return { kind: 'broken' }
    }
  }

  /**
   * Keeps a source's facts for every node (the store) and this one (memory). Never throws: a write
   * that fails is logged, and this node still keeps them (they never change for one hash).
   */
  private async remember(source: string, facts: SourceFacts): Promise<void> {
    const text = Buffer.from(JSON.stringify(facts))
    try {
      await this.blobs.put(factsKey(source), Readable.from([text]), { size: text.length })
    } catch (error) {
      this.logger?.warn(
        { err: error, source },
        'drive: the facts of a resized image could not be stored; they are learnt again later',
      )
    }
    this.cache(source, facts)
  }

  private cache(source: string, facts: SourceFacts): void {
    this.facts.delete(source)
    this.facts.set(source, facts)
    if (this.facts.size > FACTS_IN_MEMORY) this.facts.delete(this.facts.keys().next().value!)
  }

  /** A stored variant, or null when it has not been made (or was swept). */
  private async openStored(plan: Plan & { kind: 'variant' }): Promise<Resolved | null> {
    try {
      const { body, size } = await this.blobs.get(plan.key)
      return { ...variantAnswer(plan), size, body }
    } catch (error) {
      if (isBlobNotFound(error)) return null
      throw error
    }
  }

  /** The source's bytes, refusing (and stopping the read) past the size limit. */
  private async readSource(blob: string, size: number): Promise<Buffer> {
    const { body } = await this.blobs.get(blob)
    return readWhole(body, Math.min(size, this.maxSourceBytes))
  }
}

function variantAnswer(plan: Plan & { kind: 'variant' }) {
  return { kind: 'variant' as const, key: plan.key, type: OUTPUT_TYPE[plan.format] }
}

/** A stream's bytes, failing with ERROR_IMAGE_TOO_LARGE past `limit` (the stream is destroyed). */
async function readWhole(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of body) {
    length += (chunk as Buffer).length
    if (length > limit) {
      body.destroy()
      throw createError('ERROR_IMAGE_TOO_LARGE', { reason: `More than ${limit} bytes.` })
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks, length)
}
