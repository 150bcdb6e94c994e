import { describe, expect, it } from 'vitest'
import {
  BUTTON_FACTOR,
  MAX_ZOOM,
  MIN_ZOOM,
  buttonZoom,
  clampZoom,
  pinchFactor,
  scaleOf,
  wheelFactor,
  wheelPixels,
} from './zoom.js'

describe('zoom rules', () => {
  it('clamps the zoom between 0.5 and 100', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([0.5, 100])
    expect(clampZoom(0.1)).toBe(0.5)
    expect(clampZoom(0.5)).toBe(0.5)
    expect(clampZoom(14)).toBe(14)
    expect(clampZoom(100)).toBe(100)
    expect(clampZoom(250)).toBe(100)
    expect(clampZoom(Number.NaN)).toBe(14)
  })

  it('zooms by 1 + 0.005 x the wheel delta, wheel up (negative delta) zooming in', () => {
    expect(wheelFactor(-100)).toBeCloseTo(1.5)
    expect(wheelFactor(-4)).toBeCloseTo(1.02)
    expect(wheelFactor(40)).toBeCloseTo(0.8)
    expect(wheelFactor(0)).toBe(1)
    // A flick past 200 px would give zero or less: held at the floor, never flipping the globe.
    expect(wheelFactor(400)).toBe(0.2)
  })

  it('reads line and page wheel deltas as pixels', () => {
    expect(wheelPixels(3, 0)).toBe(3)
    expect(wheelPixels(3, 1)).toBe(48)
    expect(wheelPixels(1, 2)).toBe(400)
  })

  it('pinches by 1 + 0.005 x the change of the fingers distance', () => {
    expect(pinchFactor(100, 120)).toBeCloseTo(1.1)
    expect(pinchFactor(120, 100)).toBeCloseTo(0.9)
    expect(pinchFactor(100, 100)).toBe(1)
  })

  it('steps the buttons by 1.1, within the limits', () => {
    expect(BUTTON_FACTOR).toBe(1.1)
    expect(buttonZoom(10, 1)).toBeCloseTo(11)
    expect(buttonZoom(11, -1)).toBeCloseTo(10)
    expect(buttonZoom(95, 1)).toBe(100)
    expect(buttonZoom(0.52, -1)).toBe(0.5)
  })

  it('fits the globe in the canvas at zoom 1', () => {
    expect(scaleOf(1, 400, 300)).toBe(150)
    expect(scaleOf(14, 400, 300)).toBe(2100)
  })
})
