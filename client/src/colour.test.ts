import { describe, expect, it } from 'vitest'
import {
  COLOUR_PALETTE,
  colourFromHsla,
  colourFromRgba,
  formatColour,
  normalizeColour,
  parseColour,
  readableTextColour,
} from './colour.js'

describe('parseColour', () => {
  it('reads red, green, blue, alpha, hue, saturation and lightness', () => {
    expect(parseColour('#ff0000')).toEqual({
      red: 255,
      green: 0,
      blue: 0,
      alpha: 1,
      hue: 0,
      saturation: 100,
      lightness: 50,
    })
    expect(parseColour('#1e88e5')).toEqual({
      red: 30,
      green: 136,
      blue: 229,
      alpha: 1,
      hue: 208,
      saturation: 79.3,
      lightness: 50.8,
    })
    expect(parseColour('#00ff00')).toMatchObject({ hue: 120, saturation: 100, lightness: 50 })
    expect(parseColour('#0000ff')).toMatchObject({ hue: 240, saturation: 100, lightness: 50 })
    // Red with a little blue: the hue wraps to just under 360, never to a negative.
    expect(parseColour('#ff0001')).toMatchObject({ hue: 359.8 })
  })

  it('gives greys no saturation and no hue', () => {
    expect(parseColour('#808080')).toMatchObject({ hue: 0, saturation: 0, lightness: 50.2 })
    expect(parseColour('#000000')).toMatchObject({ saturation: 0, lightness: 0 })
    expect(parseColour('#ffffff')).toMatchObject({ saturation: 0, lightness: 100 })
  })

  it('reads the alpha of a 9-character hex, in either case', () => {
    expect(parseColour('#00000080')).toMatchObject({ red: 0, alpha: 0.502 })
    expect(parseColour('#00000080')!.alpha).toBeCloseTo(0.5, 2)
    expect(parseColour('#FFFFFF00')).toMatchObject({ red: 255, alpha: 0 })
    expect(parseColour('#1E88E5FF')).toEqual(parseColour('#1e88e5'))
  })

  it('refuses anything but a 7- or 9-character hex', () => {
    for (const text of [
      'red',
      '#fff',
      '#ffff',
      '#12345',
      '#1234567',
      '#gggggg',
      '1e88e5',
      '#1e88e5 ',
      ' #1e88e5',
      '#1e88e5f',
      '#1e88e5fff',
      '',
      'rgb(0, 0, 0)',
    ])
      expect(parseColour(text), text).toBeUndefined()
    expect(parseColour(null)).toBeUndefined()
    expect(parseColour(0xff0000)).toBeUndefined()
  })
})

describe('formatColour', () => {
  it('writes 7 characters for an opaque colour and 9 for a see-through one, in lower case', () => {
    expect(formatColour({ red: 30, green: 136, blue: 229 })).toBe('#1e88e5')
    expect(formatColour({ red: 30, green: 136, blue: 229, alpha: 1 })).toBe('#1e88e5')
    expect(formatColour({ red: 0, green: 0, blue: 0, alpha: 0.5 })).toBe('#00000080')
    expect(formatColour({ red: 255, green: 255, blue: 255, alpha: 0 })).toBe('#ffffff00')
    // So near opaque that its byte is ff: opaque.
    expect(formatColour({ red: 1, green: 2, blue: 3, alpha: 0.999 })).toBe('#010203')
  })

  it('rounds and holds channels and alpha to their ranges', () => {
    expect(formatColour({ red: 300, green: -4, blue: 127.6, alpha: 2 })).toBe('#ff0080')
    expect(formatColour({ red: Number.NaN, green: 0, blue: 0, alpha: -1 })).toBe('#00000000')
  })

  it('gives back the hex it read, with or without alpha', () => {
    for (const hex of ['#000000', '#ffffff', '#1e88e5', '#00000080', '#12345678', '#abcdef01'])
      expect(formatColour(parseColour(hex)!)).toBe(hex)
    expect(normalizeColour('#1E88E5FF')).toBe('#1e88e5')
    expect(normalizeColour('#ABCDEF80')).toBe('#abcdef80')
    expect(normalizeColour('blue')).toBeUndefined()
  })
})

describe('colourFromRgba and colourFromHsla', () => {
  it('makes the colour of channels, with its HSL', () => {
    expect(colourFromRgba({ red: 255, green: 0, blue: 0 })).toEqual(parseColour('#ff0000'))
    expect(colourFromRgba({ red: 0, green: 0, blue: 0, alpha: 0.5 })).toEqual(
      parseColour('#00000080'),
    )
  })

  it('makes the colour of an HSL: the known ones, and #1e88e5 both ways', () => {
    const hex = (hue: number, saturation: number, lightness: number, alpha?: number) =>
      formatColour(colourFromHsla({ hue, saturation, lightness, alpha }))
    expect(hex(0, 100, 50)).toBe('#ff0000')
    expect(hex(120, 100, 50)).toBe('#00ff00')
    expect(hex(240, 100, 50)).toBe('#0000ff')
    expect(hex(60, 100, 50)).toBe('#ffff00')
    expect(hex(0, 0, 50)).toBe('#808080')
    expect(hex(0, 0, 0)).toBe('#000000')
    expect(hex(300, 70, 100)).toBe('#ffffff')
    expect(hex(208, 79.3, 50.8)).toBe('#1e88e5')
    expect(hex(208, 79.3, 50.8, 0.5)).toBe('#1e88e580')
    // A hue goes round the circle; saturation and lightness are held to 0-100.
    expect(hex(480, 100, 50)).toBe(hex(120, 100, 50))
    expect(hex(-120, 100, 50)).toBe(hex(240, 100, 50))
    expect(hex(0, 150, 50)).toBe('#ff0000')
    expect(hex(0, 100, -5)).toBe('#000000')
  })

  it('reads back the HSL of the colour it made', () => {
    expect(colourFromHsla({ hue: 200, saturation: 0, lightness: 50 })).toEqual(
      parseColour('#808080'),
    )
    expect(colourFromHsla({ hue: 208, saturation: 79.3, lightness: 50.8 })).toEqual(
      parseColour('#1e88e5'),
    )
  })

  it('goes from hex to HSL and back to the same hex, across the colour cube', () => {
    const misses: string[] = []
    for (let red = 0; red < 256; red += 5)
      for (let green = 0; green < 256; green += 5)
        for (let blue = 0; blue < 256; blue += 3) {
          const hex = formatColour({ red, green, blue, alpha: blue / 255 })
          const { hue, saturation, lightness, alpha } = parseColour(hex)!
          const back = formatColour(colourFromHsla({ hue, saturation, lightness, alpha }))
          if (back !== hex) misses.push(`${hex} -> ${back}`)
        }
    expect(misses).toEqual([])
  })
})

describe('readableTextColour', () => {
  it('gives white on dark colours and black on light ones', () => {
    expect(readableTextColour('#000000')).toBe('#ffffff')
    expect(readableTextColour('#0000aa')).toBe('#ffffff')
    expect(readableTextColour('#2b2b2b')).toBe('#ffffff')
    expect(readableTextColour('#ffffff')).toBe('#000000')
    expect(readableTextColour('#ffff55')).toBe('#000000')
    expect(readableTextColour('#d4d4d4')).toBe('#000000')
    expect(readableTextColour(parseColour('#1565c0')!)).toBe('#ffffff')
  })

  it('takes a see-through colour as laid over white, and black for no colour', () => {
    expect(readableTextColour('#00000000')).toBe('#000000')
    expect(readableTextColour('#000000ff')).toBe('#ffffff')
    expect(readableTextColour('nonsense')).toBe('#000000')
  })
})

describe('COLOUR_PALETTE', () => {
  it('holds the 64 channel steps of 85 and then the three greys', () => {
    expect(COLOUR_PALETTE).toHaveLength(67)
    expect(new Set(COLOUR_PALETTE).size).toBe(67)
    expect(COLOUR_PALETTE.slice(0, 5)).toEqual([
      '#000000',
      '#000055',
      '#0000aa',
      '#0000ff',
      '#005500',
    ])
    expect(COLOUR_PALETTE[63]).toBe('#ffffff')
    expect(COLOUR_PALETTE.slice(64)).toEqual(['#2b2b2b', '#808080', '#d4d4d4'])
    for (const hex of COLOUR_PALETTE.slice(0, 64)) {
      const { red, green, blue, alpha } = parseColour(hex)!
      expect([red, green, blue].every((value) => value % 85 === 0)).toBe(true)
      expect(alpha).toBe(1)
    }
    expect(Object.isFrozen(COLOUR_PALETTE)).toBe(true)
  })
})
