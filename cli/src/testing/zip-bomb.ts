import zlib from 'node:zlib'

/** What a zip bomb is made of. */
export interface ZipBombOptions {
  /** Zeros one deflated kernel inflates to (below 4 GiB, so no ZIP64 is needed). */
  kernelBytes: number
  /** Central-directory entries pointing at that one kernel (overlapping files). */
  copies: number
  /**
   * True: the headers declare the real inflated size (a reader that trusts them can refuse at once).
   * False: they declare 100 bytes, so only counting what actually comes out catches it.
   */
  honest: boolean
}

const CHUNK = 64 * 1024 * 1024
const kernels = new Map<number, Promise<{ data: Buffer; crc: number }>>()

/** Zeros deflated at level 9 (about 1,030 to 1), computed once per size per process. */
function kernel(bytes: number): Promise<{ data: Buffer; crc: number }> {
  let made = kernels.get(bytes)
  if (!made) {
    made = (async () => {
      const zeros = Buffer.alloc(Math.min(CHUNK, bytes))
      const deflate = zlib.createDeflateRaw({ level: 9 })
      const parts: Buffer[] = []
      deflate.on('data', (part: Buffer) => parts.push(part))
      const ended = new Promise((resolve) => deflate.on('end', resolve))
      let crc = 0
      for (let left = bytes; left > 0; left -= zeros.length) {
        const piece = left >= zeros.length ? zeros : zeros.subarray(0, left)
        crc = zlib.crc32(piece, crc)
        if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
      }
      deflate.end()
      await ended
      return { data: Buffer.concat(parts), crc }
    })()
    kernels.set(bytes, made)
  }
  return made
}

/**
 * A ZIP archive of `copies` entries that all point at one deflated run of zeros: a few megabytes
 * that inflate to `kernelBytes x copies`, the overlapping-file construction of a zip bomb. Built
 * here, never stored, for the tests and the bench of the import's limits (docs/security.md).
 */
export async function zipBomb(options: ZipBombOptions): Promise<Buffer> {
  if (options.kernelBytes >= 0xffffffff) throw new Error('kernelBytes must stay below 4 GiB')
  const { data, crc } = await kernel(options.kernelBytes)
  const declared = options.honest ? options.kernelBytes : 100
  const name = Buffer.from('bomb.json')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4) // version needed
  local.writeUInt16LE(8, 8) // deflate
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(name.length, 26)
  const central: Buffer[] = []
  for (let copy = 0; copy < options.copies; copy++) {
    const entryName = Buffer.from(`bomb-${copy}.json`)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4) // made by
    entry.writeUInt16LE(20, 6) // needed
    entry.writeUInt16LE(8, 10) // deflate
    entry.writeUInt32LE(crc, 16)
    entry.writeUInt32LE(data.length, 20)
    entry.writeUInt32LE(declared, 24)
    entry.writeUInt16LE(entryName.length, 28)
    entry.writeUInt32LE(0, 42) // every entry's data is the same local file at offset 0
    central.push(entry, entryName)
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(options.copies, 8)
  end.writeUInt16LE(options.copies, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(local.length + name.length + data.length, 16)
  return Buffer.concat([local, name, data, directory, end])
}
