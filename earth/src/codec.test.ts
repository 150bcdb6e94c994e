import { describe, expect, it } from 'vitest'
import { decodeEntry, decodeLayer, decodePath, decodeShape, isCellBorderEdge } from './decode.js'
import { encodeEntry, encodeNumber, encodePath, encodeShape, escapeValue } from './encode.js'
import { LETTER_MAX, NEGATIVE_LETTERS, POSITIVE_LETTERS } from './format.js'

describe('letters', () => {
  it('has 56 letters each way, the lower case of each other', () => {
    expect(LETTER_MAX).toBe(56)
    expect(POSITIVE_LETTERS).toHaveLength(56)
    expect(NEGATIVE_LETTERS).toBe(POSITIVE_LETTERS.toLowerCase())
    expect(new Set(POSITIVE_LETTERS + NEGATIVE_LETTERS).size).toBe(112)
  })

  it('encodes every letter class and falls back to signed numbers', () => {
    expect(encodeNumber(0)).toBe('_')
    expect(encodeNumber(1)).toBe('A')
    expect(encodeNumber(26)).toBe('Z')
    expect(encodeNumber(27)).toBe('À')
    expect(encodeNumber(49)).toBe('Ö')
    expect(encodeNumber(50)).toBe('Ø')
    expect(encodeNumber(56)).toBe('Þ')
    expect(encodeNumber(57)).toBe('+57')
    expect(encodeNumber(-1)).toBe('a')
    expect(encodeNumber(-26)).toBe('z')
    expect(encodeNumber(-27)).toBe('à')
    expect(encodeNumber(-49)).toBe('ö')
    expect(encodeNumber(-50)).toBe('ø')
    expect(encodeNumber(-56)).toBe('þ')
    expect(encodeNumber(-57)).toBe('-57')
    expect(encodeNumber(36000)).toBe('+36000')
    expect(() => encodeNumber(1.5)).toThrow(/integer/)
  })

  it('decodes every value from -200 to 200 back', () => {
    const values: number[] = []
    for (let v = -200; v <= 200; v++) values.push(v)
    const part: number[] = []
    let x = 0
    let y = 0
    for (let i = 0; i < values.length; i++) {
      x += values[i]!
      y -= values[i]!
      part.push(x, y)
    }
    const path = encodePath([part])
    expect(decodePath(path)).toEqual([part])
  })
})

describe('paths', () => {
  it('runs deltas on across parts from the cell corner', () => {
    const path = encodePath([
      [10, 20, 12, 20, 12, 23],
      [100, 200, 40, 200],
    ])
    expect(path).toBe('JTB__C/+88+177-60_')
    expect(decodePath(path)).toEqual([
      [10, 20, 12, 20, 12, 23],
      [100, 200, 40, 200],
    ])
    expect(decodePath(path, 1000, -2000)[0]!.slice(0, 2)).toEqual([1010, -1980])
  })

  it('keeps adjacent signed numbers apart', () => {
    expect(encodePath([[300, -400, 357, -457]])).toBe('+300-400+57-57')
    expect(decodePath('+300-400+57-57')).toEqual([[300, -400, 357, -457]])
  })

  it('rejects malformed paths', () => {
    expect(() => decodePath('AB/')).toThrow()
    expect(() => decodePath('ABC')).toThrow()
    expect(() => decodePath('A+')).toThrow()
    expect(() => decodePath('A#')).toThrow()
  })

  it('round-trips random geometry within the quantisation (0.005 degree)', () => {
    let seed = 42
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    for (let n = 0; n < 50; n++) {
      const lon0 = -180 + 30 * Math.floor(random() * 12)
      const lat0 = -90 + 30 * Math.floor(random() * 6)
      const degrees: number[] = []
      let lon = lon0 + random() * 30
      let lat = lat0 + random() * 30
      for (let i = 0; i < 40; i++) {
        lon = Math.min(
          lon0 + 30,
          Math.max(lon0, lon + (random() - 0.5) * (random() < 0.8 ? 0.5 : 8)),
        )
        lat = Math.min(
          lat0 + 30,
          Math.max(lat0, lat + (random() - 0.5) * (random() < 0.8 ? 0.5 : 8)),
        )
        degrees.push(lon, lat)
      }
      const units = degrees.map((v, i) => Math.round(v * 100) - (i % 2 === 0 ? lon0 : lat0) * 100)
      const entry = encodeEntry((lon0 + 180) / 30, (lat0 + 90) / 30, [{ parts: [units] }])
      const cell = decodeEntry(entry)
      expect([cell.lon, cell.lat]).toEqual([lon0, lat0])
      const decoded = cell.shapes[0]!.parts[0]!
      expect(decoded).toHaveLength(degrees.length)
      decoded.forEach((v, i) => expect(Math.abs(v - degrees[i]!)).toBeLessThanOrEqual(0.005 + 1e-9))
    }
  })
})

describe('shapes and entries', () => {
  it('writes attributes in the spec order with escapes, and reads them back typed', () => {
    const text = encodeShape({
      attrs: { a: 'FR', n: 'A|B;C\\D', w: 1.5, s: 12.5, t: 'c', c: 3, e: -200, x: 'extra' },
      parts: [[0, 0]],
    })
    expect(text).toBe('w=1.5;s=12.5;t=c;n=A\\|B\\;C\\\\D;c=3;e=-200;a=FR;x=extra;__')
    const shape = decodeShape(text)
    expect(shape).toMatchObject({ w: 1.5, s: 12.5, t: 'c', n: 'A|B;C\\D', c: 3, e: -200, a: 'FR' })
    expect(shape.attrs.x).toBe('extra')
    expect(shape.parts).toEqual([[0, 0]])
    expect(escapeValue('plain')).toBe('plain')
  })

  it('leaves out empty attributes', () => {
    expect(encodeShape({ attrs: { n: undefined, t: '' }, parts: [[1, 2]] })).toBe('AB')
  })

  it('keys an entry by its south-west corner and splits shapes at unescaped bars', () => {
    const entry = encodeEntry(11, 5, [
      { attrs: { n: 'a|b' }, parts: [[0, 0, 3000, 3000]] },
      { parts: [[1, 1]] },
    ])
    expect(entry).toBe('150,60|n=a\\|b;__+3000+3000|AA')
    const cell = decodeEntry(entry)
    expect(cell).toMatchObject({ lon: 150, lat: 60 })
    expect(cell.shapes.map((s) => s.n)).toEqual(['a|b', undefined])
    expect(cell.shapes[0]!.parts[0]).toEqual([150, 60, 180, 90])
    expect(cell.shapes[1]!.parts[0]).toEqual([150.01, 60.01])
    expect(() => decodeEntry('15,60|AA')).toThrow(/cell/)
    expect(() => decodeEntry('180,0|AA')).toThrow(/cell/)
  })

  it('decodes a layer object with shapes or points and rejects anything else', () => {
    expect(decodeLayer({ id: 'x', shapes: ['0,0|AA'] }).list).toBe('shapes')
    expect(decodeLayer({ id: 'x', points: ['0,0|AA'] }).list).toBe('points')
    expect(() => decodeLayer({ id: 'x' })).toThrow()
    expect(() => decodeLayer({ shapes: [] })).toThrow()
    expect(() => decodeLayer({ id: 'x', shapes: [1] })).toThrow()
    expect(() => decodeLayer(null)).toThrow()
  })

  it('tells cut edges along the cell border from real edges', () => {
    const cell = { lon: 0, lat: 30 }
    expect(isCellBorderEdge(cell, 30, 31, 30, 40)).toBe(true)
    expect(isCellBorderEdge(cell, 5, 60, 9, 60)).toBe(true)
    expect(isCellBorderEdge(cell, 5, 31, 9, 40)).toBe(false)
    expect(isCellBorderEdge(cell, 15, 31, 15, 40)).toBe(false)
  })
})
