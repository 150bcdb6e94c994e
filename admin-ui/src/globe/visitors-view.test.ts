import { describe, expect, it } from 'vitest'
import type { GlobeLocation } from './markers.js'
import { visitorsView } from './visitors-view.js'
import { DEFAULT_ZOOM } from './zoom.js'

const place = (
  city: string,
  longitude: number,
  latitude: number,
  count = 1,
  style = 'Primary',
): GlobeLocation => ({ city, longitude, latitude, count, region: '', country: '', style })

const LONDON = place('London', -0.13, 51.51)
const PARIS = place('Paris', 2.35, 48.86)
const NEW_YORK = place('New York', -74.01, 40.71)
const SYDNEY = place('Sydney', 151.21, -33.87)

describe('visitorsView', () => {
  it('has no view without a place (0,0 is none)', () => {
    expect(visitorsView([])).toBeNull()
    expect(visitorsView([place('Nowhere', 0, 0)])).toBeNull()
  })

  it('looks at one place at a country zoom', () => {
    const view = visitorsView([LONDON])!
    expect(view.centre.longitude).toBeCloseTo(-0.13)
    expect(view.centre.latitude).toBeCloseTo(51.51)
    expect(view.zoom).toBe(DEFAULT_ZOOM)
  })

  it('centres between places by their counts, and zooms out to show them', () => {
    const view = visitorsView([LONDON, { ...PARIS, count: 3 }])!
    // Three in four visits in Paris: the centre lies nearer Paris than London.
    expect(view.centre.longitude).toBeGreaterThan(1)
    expect(view.centre.longitude).toBeLessThan(2.35)
    const wide = visitorsView([LONDON, NEW_YORK])!
    expect(wide.centre.longitude).toBeLessThan(-30)
    expect(wide.centre.longitude).toBeGreaterThan(-45)
    // 50° apart, 25° each side of the centre: 0.8 / sin 25° is about 1.9.
    expect(wide.zoom).toBeGreaterThan(1.8)
    expect(wide.zoom).toBeLessThan(2)
    expect(wide.zoom).toBeLessThan(view.zoom)
  })

  it('keeps nine in ten visitors in sight, not a far-off few', () => {
    const europe = [{ ...LONDON, count: 10 }, { ...PARIS, count: 9 }, SYDNEY]
    const view = visitorsView(europe)!
    expect(view.centre.latitude).toBeGreaterThan(35)
    expect(view.zoom).toBeGreaterThan(4)
  })

  it('follows the genuine visitors, robots only when there are no others', () => {
    const robot = place('Mountain View', -122.08, 37.39, 40, 'Other')
    expect(visitorsView([LONDON, robot])!.centre.longitude).toBeCloseTo(-0.13)
    expect(visitorsView([robot])!.centre.longitude).toBeCloseTo(-122.08)
  })

  it('shows a whole side of the globe for visitors all round it', () => {
    const view = visitorsView([LONDON, SYDNEY, place('Honolulu', -157.86, 21.31)])!
    expect(view.zoom).toBe(1)
  })

  it('falls back to the largest place when the places cancel out', () => {
    const view = visitorsView([place('A', 0, 10, 2), place('B', 180, -10, 2)])!
    expect(Math.abs(view.centre.latitude)).toBeCloseTo(10)
  })
})
