import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { earthLayer } from '@shopwright/earth/decode'
import { prepareLayer } from './prepare.js'
import {
  DEFAULT_CENTRE,
  LARGE_COUNTRIES,
  VERY_LARGE_COUNTRIES,
  countryCentres,
  countryZoom,
  dragCentre,
  initialView,
} from './view.js'

const countrynames = prepareLayer(
  JSON.parse(
    fs.readFileSync(
      new URL('../../../earth/data/earth_countrynames.json', import.meta.url),
      'utf8',
    ),
  ),
  earthLayer('countrynames')!,
)
const centres = countryCentres(countrynames.kind === 'points' ? countrynames.points : [])

describe('initialView', () => {
  it('looks at zoom 12 on the default centre without a saved location', () => {
    expect(initialView(null, centres)).toEqual({ centre: DEFAULT_CENTRE, zoom: 12 })
    expect(initialView(undefined, centres).zoom).toBe(12)
    expect(initialView('', centres).zoom).toBe(12)
  })

  it('looks at a country from its countrynames label point at zoom 14', () => {
    const view = initialView('FR', centres)
    expect(view.zoom).toBe(14)
    expect(view.centre.longitude).toBeGreaterThan(-5)
    expect(view.centre.longitude).toBeLessThan(8)
    expect(view.centre.latitude).toBeGreaterThan(42)
    expect(view.centre.latitude).toBeLessThan(51)
    expect(initialView('fr', centres)).toEqual(view)
  })

  it('gives zoom 6 to the very large countries and 8 to the large ones', () => {
    for (const code of ['RU', 'CA', 'US', 'CN', 'BR', 'AU', 'AQ']) {
      expect(VERY_LARGE_COUNTRIES.has(code)).toBe(true)
      expect(initialView(code, centres).zoom).toBe(6)
    }
    for (const code of [
      'IN',
      'AR',
      'KZ',
      'DZ',
      'CD',
      'GL',
      'SA',
      'MX',
      'ID',
      'SD',
      'LY',
      'IR',
      'MN',
    ]) {
      expect(LARGE_COUNTRIES.has(code)).toBe(true)
      expect(initialView(code, centres).zoom).toBe(8)
    }
    expect(countryZoom('DE')).toBe(14)
    expect(countryZoom('LU')).toBe(14)
  })

  it('knows the label point of every country with a large-country zoom', () => {
    for (const code of [...VERY_LARGE_COUNTRIES, ...LARGE_COUNTRIES])
      expect(centres.has(code), code).toBe(true)
  })

  it('keeps the zoom but looks at the default centre for a country the layer lacks', () => {
    expect(initialView('ZZ', centres)).toEqual({ centre: DEFAULT_CENTRE, zoom: 14 })
    expect(initialView('US', new Map())).toEqual({ centre: DEFAULT_CENTRE, zoom: 6 })
  })
})

describe('dragCentre', () => {
  it('moves the point under the pointer with it, wrapping longitude and stopping at the poles', () => {
    const scale = 180 / Math.PI // one degree per pixel
    expect(dragCentre({ longitude: 0, latitude: 0 }, 10, 0, scale).longitude).toBeCloseTo(-10)
    expect(dragCentre({ longitude: 0, latitude: 0 }, 0, 10, scale).latitude).toBeCloseTo(10)
    expect(dragCentre({ longitude: -175, latitude: 0 }, 10, 0, scale).longitude).toBeCloseTo(175)
    expect(dragCentre({ longitude: 0, latitude: 85 }, 0, 20, scale).latitude).toBe(90)
  })
})
