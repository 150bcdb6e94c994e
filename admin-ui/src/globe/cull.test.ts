import { describe, expect, it } from 'vitest'
import { boundingCap, capOfCaps, capVisible, pointVisible, viewCap } from './cull.js'

const DEG = Math.PI / 180

describe('bounding caps', () => {
  it('centre on the points and reach the farthest', () => {
    const cap = boundingCap([0, -10, 0, 10])
    expect(cap[0]).toBeCloseTo(1)
    expect(cap[3]).toBeCloseTo(10 * DEG, 5)
  })

  it('combine into a cap holding them all', () => {
    const caps = [...boundingCap([0, 0, 2, 0]), ...boundingCap([20, 0, 22, 0])]
    const combined = capOfCaps(caps, 0, 2)
    expect(combined[3]).toBeGreaterThanOrEqual(11 * DEG - 1e-9)
    expect(combined[3]).toBeLessThan(12 * DEG)
  })
})

describe('the view cap', () => {
  it('is the near hemisphere while the globe fits the canvas', () => {
    expect(viewCap(0, 0, 150, 400, 300).radius).toBeCloseTo(Math.PI / 2)
  })

  it('shrinks to the canvas when zoomed in', () => {
    // Half diagonal 250 px over a 2100 px radius: about 6.8°.
    expect(viewCap(0, 0, 2100, 400, 300).radius / DEG).toBeCloseTo(6.84, 1)
  })

  it('culls caps and points out of view', () => {
    const view = viewCap(2, 48, 2100, 400, 300)
    const paris = boundingCap([2.3, 48.8, 2.4, 48.9])
    const sydney = boundingCap([151, -34, 151.3, -33.8])
    const caps = [...paris, ...sydney]
    expect(capVisible(caps, 0, view)).toBe(true)
    expect(capVisible(caps, 1, view)).toBe(false)
    expect(pointVisible(2.35, 48.86, view)).toBe(true)
    expect(pointVisible(20, 48, view)).toBe(false)
  })
})
