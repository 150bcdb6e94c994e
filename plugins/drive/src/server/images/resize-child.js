// @ts-check
// The process one resize at a time runs in (resize-processes.ts), so that a resize past its
// deadline can be stopped for good: killing the process stops libvips' threads and frees all it
// held, which no timer inside a process (sharp's `timeout`, a worker thread's `terminate`) can do
// while libvips is inside one long operation. Plain JavaScript: Node 20 runs it as it is from the
// sources (the tests) and from dist (tsup builds it as an entry of its own, resize-child.js).
import sharp from 'sharp'

// Every resize is of another source: libvips' operation cache would only hold memory.
sharp.cache(false)

/**
 * @typedef {{ width: number, height: number, format: 'jpeg' | 'png' | 'webp' }} Target
 * @typedef {{ bytes: Uint8Array, target: Target, maxPixels: number }} Job
 */

/** The encoder of each output format: quality for photos, sharp's defaults otherwise. */
function encode(
  /** @type {import('sharp').Sharp} */ pipeline,
  /** @type {Target['format']} */ format,
) {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 80 })
  if (format === 'webp') return pipeline.webp({ quality: 80 })
  return pipeline.png()
}

/** The source scaled to exactly the target's size, upright, first frame only, no metadata. */
async function resize(/** @type {Job} */ job) {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)
  const pipeline = sharp(bytes, {
    limitInputPixels: job.maxPixels,
    failOn: 'error',
    autoOrient: true,
    sequentialRead: true,
  }).resize(job.target.width, job.target.height, { fit: 'fill' })
  return encode(pipeline, job.target.format).toBuffer()
}

process.on('message', (/** @type {Job} */ job) => {
  resize(job).then(
    (bytes) => process.send?.({ ok: true, bytes }),
    // Whatever libvips refuses is the source's fault: the drive answers it as unreadable.
    (error) =>
      process.send?.({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  )
})
// The drive's process is gone: nobody is left to answer.
process.on('disconnect', () => process.exit(0))
process.send?.({ ready: true })
