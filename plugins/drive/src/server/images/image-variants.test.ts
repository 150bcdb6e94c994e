import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isAppError } from '@shopwright/core'
import type { BlobStore } from '../blobs/blob-store.js'
import { LocalBlobStore } from '../blobs/local-blob-store.js'
import { ImageTimeoutError, MAX_INPUT_SIDE, sharpCodec, type ImageCodec } from './image-codec.js'
import { ImageVariants, factsKey, sourceIdOf, variantKey, type Resolved } from './image-variants.js'
import { ResizeSlots } from './resize-slots.js'
import { blackPng, imageFacts, pngBomb, testImage } from './testing.js'

/** sharp, counting its calls and the most resizes running at once. */
function countingCodec(inner: ImageCodec = sharpCodec) {
  const counts = { inspect: 0, resize: 0, running: 0, peak: 0 }
  const codec: ImageCodec = {
    async inspect(bytes) {
      counts.inspect++
      return inner.inspect(bytes)
    },
    async resize(bytes, target) {
      counts.resize++
      counts.peak = Math.max(counts.peak, ++counts.running)
      try {
        return await inner.resize(bytes, target)
      } finally {
        counts.running--
      }
    },
  }
  return { codec, counts }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function bytesOf(resolved: Resolved): Promise<Buffer> {
  if (resolved.kind !== 'variant') throw new Error('not a variant')
  const chunks: Buffer[] = []
  for await (const chunk of resolved.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  if (!isAppError(error)) throw new Error(`not refused with a code: ${String(error)}`)
  return error.code
}

describe('ImageVariants', () => {
  let directory: string
  let blobs: LocalBlobStore

  /** Stores bytes as a drive file would be: a random blob key, the hash of the contents. */
  async function storedFile(bytes: Buffer) {
    const blob = `src${Math.random().toString(16).slice(2).padEnd(13, '0')}`
    await blobs.put(blob, Readable.from([bytes]), { size: bytes.length })
    return { blob, hash: sha256(bytes), size: bytes.length }
  }

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'image-variants-'))
    blobs = new LocalBlobStore(directory)
    await blobs.check()
  })
  afterEach(async () => {
    await blobs.close()
    await rm(directory, { recursive: true, force: true })
  })

  it('resizes once, keeps the variant in the store, and serves it from there after', async () => {
    const { codec, counts } = countingCodec()
    const file = await storedFile(await testImage(1000, 750, 'jpeg'))
    const images = new ImageVariants(blobs, codec)
    const first = await images.resolve(file, { width: 400 })
    expect(first).toMatchObject({ kind: 'variant', type: 'image/jpeg' })
    expect(await imageFacts(await bytesOf(first))).toEqual({
      width: 400,
      height: 300,
      format: 'jpeg',
    })
    const key = variantKey(file.hash, { width: 400, height: 300, format: 'jpeg' })
    expect(await blobs.stat(key)).not.toBeNull()
    expect(await blobs.stat(factsKey(file.hash))).not.toBeNull()

    const second = await images.resolve(file, { width: 400 })
    expect(await imageFacts(await bytesOf(second))).toMatchObject({ width: 400, height: 300 })
    expect(counts).toMatchObject({ inspect: 1, resize: 1 })

    // Another node (its own memory, the same store) neither reads the header nor resizes.
    const other = countingCodec()
    const otherNode = new ImageVariants(blobs, other.codec)
    const fromStore = await otherNode.resolve(file, { width: 400, height: 800 })
    expect(await imageFacts(await bytesOf(fromStore))).toMatchObject({ width: 400, height: 300 })
    expect(other.counts).toMatchObject({ inspect: 0, resize: 0 })
  })

  it('shares a variant between boxes that give the same size', async () => {
    const { codec, counts } = countingCodec()
    const file = await storedFile(await testImage(1000, 750, 'png'))
    const images = new ImageVariants(blobs, codec)
    await bytesOf(await images.resolve(file, { width: 400 }))
    await bytesOf(await images.resolve(file, { height: 300 }))
    await bytesOf(await images.resolve(file, { width: 400, height: 2048 }))
    expect(counts.resize).toBe(1)
  })

  it('never enlarges: a box the image fits is the file as stored, with nothing made', async () => {
    const { codec, counts } = countingCodec()
    const file = await storedFile(await testImage(300, 200, 'webp'))
    const images = new ImageVariants(blobs, codec)
    expect(await images.resolve(file, { width: 400 })).toEqual({ kind: 'original' })
    expect(await images.resolve(file, { width: 2048, height: 2048 })).toEqual({ kind: 'original' })
    expect(counts).toMatchObject({ inspect: 1, resize: 0 })
  })

  it('writes AVIF sources as WebP and a GIF’s first frame as PNG', async () => {
    const images = new ImageVariants(blobs, sharpCodec)
    const avif = await images.resolve(await storedFile(await testImage(500, 500, 'avif')), {
      width: 64,
    })
    expect(avif).toMatchObject({ type: 'image/webp' })
    expect(await imageFacts(await bytesOf(avif))).toEqual({ width: 64, height: 64, format: 'webp' })
    const gif = await images.resolve(await storedFile(await testImage(500, 250, 'gif')), {
      width: 64,
    })
    expect(await imageFacts(await bytesOf(gif))).toEqual({ width: 64, height: 32, format: 'png' })
  })

  it('serves what is not a resized raster as stored, and remembers it', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec)
    const svg = await storedFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    expect(await images.resolve(svg, { width: 64 })).toEqual({ kind: 'original' })
    expect(await images.resolve(svg, { width: 96 })).toEqual({ kind: 'original' })
    expect(counts).toMatchObject({ inspect: 1, resize: 0 })
    // An empty file has no blob, nothing to resize.
    expect(await images.resolve({ blob: null, hash: null, size: 0 }, { width: 64 })).toEqual({
      kind: 'original',
    })
  })

  it('refuses a pixel bomb from its header, remembers it, and never decodes it', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec)
    const bomb = await storedFile(pngBomb())
    expect(await codeOf(images.resolve(bomb, { width: 400 }))).toBe('ERROR_IMAGE_TOO_LARGE')
    expect(await codeOf(images.resolve(bomb, { width: 64 }))).toBe('ERROR_IMAGE_TOO_LARGE')
    expect(counts).toMatchObject({ inspect: 1, resize: 0 })
    expect(await codeOf(new ImageVariants(blobs, codec).resolve(bomb, { width: 64 }))).toBe(
      'ERROR_IMAGE_TOO_LARGE',
    )
    expect(counts.inspect).toBe(1)
  })

  it('refuses a source with a side over MAX_INPUT_SIDE from its header, however few its pixels', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec)
    // The attack review's image: 40,000,000 pixels (within MAX_INPUT_PIXELS), one wide.
    const thin = await storedFile(await blackPng(1, 40_000_000))
    expect(thin.size).toBeLessThan(1024 * 1024)
    const refusal = await images.resolve(thin, { height: 64 }).catch((error: unknown) => error)
    expect(isAppError(refusal) && refusal.code).toBe('ERROR_IMAGE_TOO_LARGE')
    expect(isAppError(refusal) && refusal.reason).toMatch(/^1 x 40000000 has a side longer than/)
    const wide = await storedFile(await blackPng(MAX_INPUT_SIDE + 1, 1))
    expect(await codeOf(images.resolve(wide, { width: 64 }))).toBe('ERROR_IMAGE_TOO_LARGE')
    expect(counts).toMatchObject({ inspect: 2, resize: 0 })
  })

  it('answers a resize stopped at its deadline 422 ERROR_IMAGE_TIMEOUT, logged, not remembered', async () => {
    const warnings: unknown[] = []
    let slow = true
    const { codec, counts } = countingCodec({
      inspect: (bytes) => sharpCodec.inspect(bytes),
      async resize(bytes, target) {
        if (slow) throw new ImageTimeoutError('The resize took more than 10 ms and was stopped.')
        return sharpCodec.resize(bytes, target)
      },
    })
    const images = new ImageVariants(blobs, codec, undefined, {
      logger: { warn: (...args: unknown[]) => void warnings.push(args) },
    })
    const file = await storedFile(await testImage(300, 200, 'png'))
    expect(await codeOf(images.resolve(file, { width: 64 }))).toBe('ERROR_IMAGE_TIMEOUT')
    expect(warnings).toHaveLength(1)
    expect(await blobs.stat(variantKey(file.hash, { width: 64, height: 43, format: 'png' }))).toBe(
      null,
    )
    // Tried again on the next request (a busy node may have been the cause), the header not reread.
    slow = false
    expect(await imageFacts(await bytesOf(await images.resolve(file, { width: 64 })))).toEqual({
      width: 64,
      height: 43,
      format: 'png',
    })
    expect(counts).toMatchObject({ inspect: 1, resize: 2 })
  })

  it('refuses a file over the byte limit without reading it', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec, undefined, { maxSourceBytes: 1000 })
    const big = await storedFile(await testImage(400, 400, 'png'))
    expect(big.size).toBeGreaterThan(1000)
    expect(await codeOf(images.resolve(big, { width: 64 }))).toBe('ERROR_IMAGE_TOO_LARGE')
    expect(counts.inspect).toBe(0)
  })

  it('refuses a broken image, and does not try to decode it again', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec)
    const cut = await storedFile((await testImage(400, 400, 'jpeg')).subarray(0, 600))
    expect(await codeOf(images.resolve(cut, { width: 64 }))).toBe('ERROR_IMAGE_UNREADABLE')
    expect(await codeOf(images.resolve(cut, { width: 96 }))).toBe('ERROR_IMAGE_UNREADABLE')
    expect(counts.resize).toBe(1)
  })

  it('makes one variant for many requests at once, and runs few resizes at a time', async () => {
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(blobs, codec, new ResizeSlots(2, 100))
    const file = await storedFile(await testImage(800, 800, 'jpeg'))
    // Learn the facts first, so every request below knows its variant's key.
    await images.resolve(file, { width: 2048 })
    const same = await Promise.all(
      Array.from({ length: 50 }, () => images.resolve(file, { width: 400 })),
    )
    expect(same.every((each) => each.kind === 'variant')).toBe(true)
    await Promise.all(same.map(bytesOf))
    expect(counts.resize).toBe(1)

    const sources = await Promise.all(
      Array.from({ length: 8 }, (_, n) => testImage(300 + n, 300, 'png').then(storedFile)),
    )
    await Promise.all(sources.map((each) => images.resolve(each, { width: 64 }).then(bytesOf)))
    expect(counts.resize).toBe(9)
    expect(counts.peak).toBeLessThanOrEqual(2)
  })

  it('makes a variant once when more requests come while it is being made', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let resizing!: () => void
    const started = new Promise<void>((resolve) => (resizing = resolve))
    const { codec, counts } = countingCodec({
      inspect: (bytes) => sharpCodec.inspect(bytes),
      async resize(bytes, target) {
        resizing()
        await held
        return sharpCodec.resize(bytes, target)
      },
    })
    const images = new ImageVariants(blobs, codec, new ResizeSlots(4, 100))
    const file = await storedFile(await testImage(900, 600, 'png'))
    const first = images.resolve(file, { width: 160 })
    // The header is read and the resize under way: later requests wait for it, on this node.
    await started
    const later = Array.from({ length: 5 }, () => images.resolve(file, { width: 160 }))
    release()
    const answers = await Promise.all([first, ...later])
    const bodies = await Promise.all(answers.map(bytesOf))
    expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(1)
    expect(counts.resize).toBe(1)
  })

  /** The store, refusing every write of a facts blob (a full disk, a bucket policy...). */
  function refusingFacts(store: BlobStore): BlobStore {
    return new Proxy(store, {
      get(target, name, receiver) {
        if (name === 'put')
          return (key: string, body: Readable, options: { size?: number }) => {
            if (!key.endsWith('-facts')) return target.put(key, body, options)
            body.destroy()
            return Promise.reject(new Error('EACCES: the facts cannot be written'))
          }
        const value: unknown = Reflect.get(target, name, receiver)
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
  }

  it('answers the variant when its facts cannot be stored, says so in the log, and resizes once', async () => {
    const warnings: unknown[] = []
    const logger = { warn: (fields: unknown) => void warnings.push(fields) }
    const { codec, counts } = countingCodec()
    const store = refusingFacts(blobs)
    const file = await storedFile(await testImage(1000, 750, 'jpeg'))
    const images = new ImageVariants(store, codec, undefined, { logger })
    const first = await images.resolve(file, { width: 400 })
    expect(await imageFacts(await bytesOf(first))).toEqual({
      width: 400,
      height: 300,
      format: 'jpeg',
    })
    expect(warnings).toMatchObject([{ source: file.hash }])
    const key = variantKey(file.hash, { width: 400, height: 300, format: 'jpeg' })
    expect(await blobs.stat(key)).not.toBeNull()
    expect(await blobs.stat(factsKey(file.hash))).toBeNull()
    // This node keeps the facts in memory: the stored variant is served, nothing is read again.
    expect(
      await imageFacts(await bytesOf(await images.resolve(file, { width: 400 }))),
    ).toMatchObject({ width: 400 })
    expect(counts).toMatchObject({ inspect: 1, resize: 1 })
    // Another node learns the facts again from the header, and finds the variant made.
    const otherNode = new ImageVariants(store, codec, undefined, { logger })
    const fromStore = await otherNode.resolve(file, { width: 400 })
    expect(await imageFacts(await bytesOf(fromStore))).toMatchObject({ width: 400, height: 300 })
    expect(counts).toMatchObject({ inspect: 2, resize: 1 })
  })

  it('still refuses an image with its own code when its facts cannot be stored', async () => {
    const warnings: unknown[] = []
    const logger = { warn: (fields: unknown) => void warnings.push(fields) }
    const { codec, counts } = countingCodec()
    const images = new ImageVariants(refusingFacts(blobs), codec, undefined, { logger })
    const bomb = await storedFile(pngBomb())
    expect(await codeOf(images.resolve(bomb, { width: 400 }))).toBe('ERROR_IMAGE_TOO_LARGE')
    const cut = await storedFile((await testImage(400, 400, 'jpeg')).subarray(0, 600))
    expect(await codeOf(images.resolve(cut, { width: 64 }))).toBe('ERROR_IMAGE_UNREADABLE')
    const svg = await storedFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    expect(await images.resolve(svg, { width: 64 })).toEqual({ kind: 'original' })
    expect(warnings).toHaveLength(3)
    // Remembered on this node all the same: nothing is decoded again.
    expect(await codeOf(images.resolve(cut, { width: 96 }))).toBe('ERROR_IMAGE_UNREADABLE')
    expect(counts.resize).toBe(1)
  })

  it('keys variants by the content hash, so a changed file gets new ones', async () => {
    const first = await storedFile(await testImage(500, 500, 'png'))
    const second = await storedFile(await testImage(500, 499, 'png'))
    expect(sourceIdOf(first)).toBe(first.hash)
    expect(sourceIdOf(second)).not.toBe(sourceIdOf(first))
    const images = new ImageVariants(blobs, sharpCodec)
    const a = await images.resolve(first, { width: 64 })
    const b = await images.resolve(second, { width: 64 })
    await Promise.all([bytesOf(a), bytesOf(b)])
    expect(a.kind === 'variant' && b.kind === 'variant' && a.key !== b.key).toBe(true)
  })
})
