import { describe, expect, it } from 'vitest'
import { inspectJson, jsonProblem } from './json-safety.js'

describe('inspectJson', () => {
  it('counts the JSON length exactly for ASCII values, without writing the text', () => {
    for (const value of [
      { a: 1, b: 'two', c: [true, null, 3.5], d: { e: [] } },
      [],
      {},
      'x',
      [1, [2, [3]]],
    ]) {
      const length = JSON.stringify(value).length
      expect(inspectJson(value, length)).toEqual({})
      expect(inspectJson(value, length - 1)).toEqual({ tooLarge: true })
    }
  })

  it('refuses what a request body may not carry, as jsonProblem does', () => {
    let deep: unknown = 1
    for (let level = 0; level < 70; level++) deep = [deep]
    const proto = JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown
    for (const value of [deep, proto, { constructor: 1 }, { a: [{ prototype: 2 }] }]) {
      expect(inspectJson(value, 1e9).problem).toBe(jsonProblem(value))
      expect(jsonProblem(value)).toBeDefined()
    }
  })
})
