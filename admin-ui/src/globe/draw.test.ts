import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { earthLayer } from '@shopwright/earth/decode'
import { viewCap } from './cull.js'
import { MOVING_BATHYMETRY_ZOOM, lodLevel, skippedWhileMoving, visibleShapes } from './draw.js'
import { prepareLayer } from './prepare.js'
import { scaleOf } from './zoom.js'

const countries = prepareLayer(
  JSON.parse(
    fs.readFileSync(new URL('../../../earth/data/earth_countries.json', import.meta.url), 'utf8'),
  ),
  earthLayer('countries')!,
)

describe('frame rules', () => {
  it('draws the coarsest copy under 1 px at rest and 3 px while moving', () => {
    // Zoom 14: 36.7 px per degree, so full detail at rest; 0.05° (1.8 px) while moving.
    expect(lodLevel(scaleOf(14, 400, 300), false)).toBe(0)
    expect(lodLevel(scaleOf(14, 400, 300), true)).toBe(1)
    // Zoom 1: 2.6 px per degree: 0.2° at rest, 0.4° while moving.
    expect(lodLevel(scaleOf(1, 400, 300), false)).toBe(3)
    expect(lodLevel(scaleOf(1, 400, 300), true)).toBe(4)
  })

  it('leaves bathymetry out while moving below zoom 6 only', () => {
    expect(MOVING_BATHYMETRY_ZOOM).toBe(6)
    expect(skippedWhileMoving('bathymetry', 3, true)).toBe(true)
    expect(skippedWhileMoving('bathymetry', 3, false)).toBe(false)
    expect(skippedWhileMoving('bathymetry', 14, true)).toBe(false)
    expect(skippedWhileMoving('countries', 3, true)).toBe(false)
  })

  it('culls shapes by cell and by their own cap', () => {
    if (countries.kind !== 'shapes') throw new Error('countries are shapes')
    const total = countries.shapeStyle.length
    const count = (view: ReturnType<typeof viewCap>) =>
      visibleShapes(countries, view).reduce((sum, shapes) => sum + shapes.length, 0)
    const paris14 = count(viewCap(2.35, 48.86, scaleOf(14, 400, 300), 400, 300))
    const whole = count(viewCap(2.35, 48.86, scaleOf(1, 400, 300), 400, 300))
    expect(paris14).toBeGreaterThan(3) // France and its neighbours
    expect(paris14).toBeLessThan(30)
    expect(whole).toBeLessThan(total)
    expect(whole).toBeGreaterThan(paris14)
  })
})
