import { describe, expect, it } from 'vitest'
import type { GlobeLocation, PlacedMarker } from './markers.js'
import { INFO_BOX, PICK_DISTANCE_SQUARED, infoBoxAt, infoLines, pickMarker } from './pick.js'

const location = (city: string, count = 1): GlobeLocation => ({
  longitude: 1,
  latitude: 1,
  count,
  city,
  region: 'Île-de-France',
  country: 'France',
  style: 'Primary',
})
const marker = (x: number, y: number, city = 'Paris'): PlacedMarker => ({
  location: location(city),
  x,
  y,
  radius: 4,
  style: 'primary',
})

describe('pickMarker', () => {
  it('picks within 14 px: a squared distance under 200', () => {
    expect(PICK_DISTANCE_SQUARED).toBe(200)
    const markers = [marker(100, 100)]
    expect(pickMarker(markers, 114, 100)).toBe(markers[0]) // 196
    expect(pickMarker(markers, 110, 109.9)).toBe(markers[0]) // 199.01
    expect(pickMarker(markers, 110, 110)).toBeNull() // exactly 200
    expect(pickMarker(markers, 114.2, 100)).toBeNull()
    expect(pickMarker([], 100, 100)).toBeNull()
  })

  it('picks the nearest marker, the one drawn last among equals', () => {
    const markers = [marker(100, 100, 'A'), marker(108, 100, 'B'), marker(108, 100, 'C')]
    expect(pickMarker(markers, 101, 100)!.location.city).toBe('A')
    expect(pickMarker(markers, 107, 100)!.location.city).toBe('C')
  })
})

describe('the info box', () => {
  it('has three lines: the city (with the count and an x above 1 visit), region, country', () => {
    expect(infoLines(location('Paris', 1))).toEqual(['Paris', 'Île-de-France', 'France'])
    expect(infoLines(location('Paris', 12))).toEqual(['12 x Paris', 'Île-de-France', 'France'])
  })

  it('is 150 by 64 px, beside the marker and inside the canvas', () => {
    expect(INFO_BOX).toEqual({ width: 150, height: 64 })
    expect(infoBoxAt(100, 150, 4, 400, 300)).toEqual({ left: 108, top: 78 })
    // Near the right edge: on the left of the marker; near the top: below it.
    expect(infoBoxAt(390, 20, 4, 400, 300)).toEqual({ left: 232, top: 28 })
    const corner = infoBoxAt(5, 295, 9, 100, 80)
    expect(corner.left).toBeGreaterThanOrEqual(0)
    expect(corner.top).toBeGreaterThanOrEqual(0)
  })
})
