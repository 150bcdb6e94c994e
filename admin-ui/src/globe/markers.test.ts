import { describe, expect, it } from 'vitest'
import { hasPlace, markerRadius, markerStyle, placeMarkers, type GlobeLocation } from './markers.js'

const at = (longitude: number, latitude: number, count = 1, style = 'Primary'): GlobeLocation => ({
  longitude,
  latitude,
  count,
  city: 'City',
  region: 'Region',
  country: 'Country',
  style,
})

describe('markers', () => {
  it('grows 0.4 px per extra visit from 4 px, up to 9 px', () => {
    expect(markerRadius(1)).toBe(4)
    expect(markerRadius(2)).toBeCloseTo(4.4)
    expect(markerRadius(6)).toBeCloseTo(6)
    expect(markerRadius(13)).toBeCloseTo(8.8)
    expect(markerRadius(14)).toBe(9)
    expect(markerRadius(1000)).toBe(9)
    expect(markerRadius(0)).toBe(4)
  })

  it('styles Other and Secondary by name, anything else as primary', () => {
    expect(markerStyle('Other')).toBe('other')
    expect(markerStyle('Secondary')).toBe('secondary')
    expect(markerStyle('Primary')).toBe('primary')
    expect(markerStyle('whatever')).toBe('primary')
    expect(markerStyle(undefined)).toBe('primary')
  })

  it('skips locations at exactly 0,0', () => {
    expect(hasPlace(at(0, 0))).toBe(false)
    expect(hasPlace(at(0, 0.01))).toBe(true)
    expect(hasPlace(at(0.01, 0))).toBe(true)
  })

  it('sets a screen position on each drawn location; null off the canvas, far side or 0,0', () => {
    const locations = [at(1, 1, 3, 'Other'), at(0, 0), at(50, 50), at(2, 2)]
    const project = (longitude: number, latitude: number): [number, number] | null =>
      longitude > 40 ? null : [longitude * 100, latitude * 100]
    const placed = placeMarkers(locations, project, 150, 150)
    expect(placed.map((marker) => marker.location)).toEqual([locations[0]])
    expect(placed[0]).toMatchObject({ x: 100, y: 100, style: 'other' })
    expect(placed[0]!.radius).toBeCloseTo(4.8)
    expect(locations.map((location) => location.screen)).toEqual([
      { x: 100, y: 100 },
      null,
      null,
      null,
    ])
  })
})
