import { describe, expect, it } from 'vitest'
import { pooledRandomBytes } from './random.js'

describe('pooledRandomBytes', () => {
  it('never hands out the same bytes twice across blocks', () => {
    const seen = new Set<string>()
    // 3,000 draws of 16 bytes span about a dozen blocks.
    for (let n = 0; n < 3000; n++) seen.add(pooledRandomBytes(16).toString('hex'))
    expect(seen.size).toBe(3000)
  })

  it('answers the size asked for, and refuses sizes past a block', () => {
    expect(pooledRandomBytes(1)).toHaveLength(1)
    expect(pooledRandomBytes(4096)).toHaveLength(4096)
    expect(() => pooledRandomBytes(0)).toThrow(RangeError)
    expect(() => pooledRandomBytes(4097)).toThrow(RangeError)
    expect(() => pooledRandomBytes(1.5)).toThrow(RangeError)
  })
})
