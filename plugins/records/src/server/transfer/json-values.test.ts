import { describe, expect, it } from 'vitest'
import { countJsonValues } from './json-values.js'

const count = (text: string) => countJsonValues(Buffer.from(text))

describe('countJsonValues', () => {
  it('never counts fewer values than the parser makes', () => {
    for (const text of [
      '[]',
      '{}',
      '[{},{},{}]',
      '{"a":[1,2,3],"b":{"c":null}}',
      '[{"type":"webpage","id":"a","headline":"x, [y] {z}"}]',
      '"a string"',
      '[1, 2.5, true, false, null, "s"]',
    ]) {
      const parsed = JSON.parse(text) as unknown
      let made = 0
      const walk = (value: unknown): void => {
        made++
        if (typeof value === 'object' && value !== null)
          for (const child of Object.values(value)) walk(child)
      }
      walk(parsed)
      expect(count(text), text).toBeGreaterThanOrEqual(made)
    }
  })

  it('skips what is inside strings, escaped quotes included', () => {
    expect(count('["a,b,{c}[d]", "e\\",f"]')).toBe(3)
  })
})
