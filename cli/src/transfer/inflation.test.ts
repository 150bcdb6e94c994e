import { describe, expect, it } from 'vitest'
import { checkInflation, INFLATION_LIMITS, type InflationEntry } from './inflation.js'

const { maxRatio, graceBytes } = INFLATION_LIMITS
const entry = (name: string, size: number, compressedSize: number): InflationEntry => ({
  name,
  size,
  compressedSize,
})

describe('checkInflation', () => {
  it('takes an export: stored entries whose data fills the archive', () => {
    const entries = [
      entry('shopwright-export.json', 300, 300),
      entry('drive/public/a.bin', 5e9, 5e9),
    ]
    expect(() => checkInflation(entries, 5e9 + 1000)).not.toThrow()
  })

  it('takes small entries and archives whatever their ratio', () => {
    expect(() => checkInflation([entry('a.json', graceBytes, 1)], 200)).not.toThrow()
  })

  it('refuses an entry that inflates past the ratio, naming it and the limit', () => {
    const size = maxRatio * 2000 + 1
    expect(() => checkInflation([entry('drive/public/zeros.bin', size, 2000)], 10_000_000)).toThrow(
      expect.objectContaining({
        code: 'ERROR_BODY_TOO_LARGE',
        reason: expect.stringMatching(
          new RegExp(
            `"drive/public/zeros\\.bin" inflates to ${size} bytes from 2000: more than ${maxRatio} times`,
          ),
        ) as unknown,
      }),
    )
    expect(() =>
      checkInflation([entry('drive/public/zeros.bin', size - 1, 2000)], 10_000_000),
    ).not.toThrow()
  })

  it('refuses entries that inflate in all past the ratio of the archive', () => {
    // Many small entries, each under the grace size and so not judged alone: ten of them inflate
    // to more than a hundred times the archive.
    const entries = Array.from({ length: 12 }, (_, index) =>
      entry(`drive/public/${index}`, graceBytes, 10),
    )
    expect(() => checkInflation(entries.slice(0, 9), 10_000)).not.toThrow()
    expect(() => checkInflation(entries, 10_000)).toThrow(
      expect.objectContaining({
        code: 'ERROR_BODY_TOO_LARGE',
        reason: expect.stringMatching(
          /up to "drive\/public\/9" inflate to 1024000 bytes: more than 100 times the archive's 10000/,
        ) as unknown,
      }),
    )
  })

  it('refuses entries that share their bytes, however honest each one looks', () => {
    const entries = [entry('drive/public/a', 1e6, 1e6), entry('drive/public/b', 1e6, 1e6)]
    expect(() => checkInflation(entries, 1.5e6)).toThrow(
      expect.objectContaining({
        code: 'ERROR_IMPORT_FILE_TYPE',
        reason: expect.stringMatching(
          /up to "drive\/public\/b" hold 2000000 compressed bytes, more than the archive's 1500000/,
        ) as unknown,
      }),
    )
    expect(() => checkInflation(entries, 2e6)).not.toThrow()
  })
})
