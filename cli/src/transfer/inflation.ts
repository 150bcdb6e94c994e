import { createError } from '@shopwright/core'
import { notAnExport } from './manifest.js'

/**
 * How far the entries of an archive may inflate (docs/cli.md, "shopwright import"). An export's
 * entries are all stored, so each inflates to exactly its compressed size; an archive zipped again
 * by hand deflates text and JSON some 3 to 20 times. A zip bomb inflates a thousand times or
 * more, or points several entries at the same bytes.
 */
export const INFLATION_LIMITS = {
  /** Inflated bytes per compressed byte, for one entry and for the archive as a whole. */
  maxRatio: 100,
  /** An entry (or an archive) that inflates to at most this is not judged on its ratio. */
  graceBytes: 100 * 1024,
}

/** What the central directory says of an entry. */
export interface InflationEntry {
  name: string
  /** Bytes once inflated, as declared. */
  size: number
  /** Bytes of its data in the archive. */
  compressedSize: number
}

/**
 * Inflating too far is ERROR_BODY_TOO_LARGE, as the records plugin's reader of an uploaded zip
 * answers an entry past its caps; entries sharing their bytes are a damaged archive.
 */
const tooLarge = (reason: string) => createError('ERROR_BODY_TOO_LARGE', { status: 413, reason })

const over = (inflated: number, compressed: number): boolean =>
  inflated > INFLATION_LIMITS.graceBytes && inflated > INFLATION_LIMITS.maxRatio * compressed

/**
 * Refuses an archive whose declared sizes make it a zip bomb, from its central directory alone, so
 * nothing is inflated first: an entry that inflates to more than `maxRatio` times its compressed
 * size, entries that inflate in all to more than `maxRatio` times the archive's size, or entries
 * whose data together is larger than the archive (entries that share their bytes). Each refusal
 * names the entry and the limit. An entry that inflates past what it declares is stopped while it
 * streams (archive-reader.ts), so a bomb cannot get past these by lying about its sizes.
 */
export function checkInflation(entries: Iterable<InflationEntry>, archiveBytes: number): void {
  const { maxRatio, graceBytes } = INFLATION_LIMITS
  let inflated = 0
  let compressed = 0
  for (const entry of entries) {
    if (over(entry.size, entry.compressedSize))
      throw tooLarge(
        `The entry "${entry.name}" inflates to ${entry.size} bytes from ${entry.compressedSize}: more than ${maxRatio} times its compressed size, the limit for an entry over ${graceBytes} bytes (a zip bomb).`,
      )
    inflated += entry.size
    compressed += entry.compressedSize
    if (over(inflated, archiveBytes))
      throw tooLarge(
        `Its entries up to "${entry.name}" inflate to ${inflated} bytes: more than ${maxRatio} times the archive's ${archiveBytes} bytes, the limit for an archive (a zip bomb).`,
      )
    if (compressed > archiveBytes)
      throw notAnExport(
        `Its entries up to "${entry.name}" hold ${compressed} compressed bytes, more than the archive's ${archiveBytes}: entries that share their bytes (a zip bomb).`,
      )
  }
}
