import { describe, expect, it } from 'vitest'
import { batches, TRANSLATE_BATCH_CHARS, TRANSLATE_BATCH_TEXTS } from './machine-translation.js'

describe('translation batches', () => {
  it('cuts by count and by characters, keeping order and every text', () => {
    const many = Array.from({ length: 250 }, (_, index) => `t${index}`)
    const byCount = batches(many)
    expect(byCount.map((batch) => batch.length)).toEqual([
      TRANSLATE_BATCH_TEXTS,
      TRANSLATE_BATCH_TEXTS,
      50,
    ])
    expect(byCount.flat()).toEqual(many)
    const long = 'x'.repeat(TRANSLATE_BATCH_CHARS / 2 + 1)
    expect(batches([long, long, 'y']).map((batch) => batch.length)).toEqual([1, 2])
    expect(batches([])).toEqual([])
  })
})
