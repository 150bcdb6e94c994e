import fs from 'node:fs'
import { geoArea } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { earthLayer } from '@shopwright/earth/decode'
import {
  LOD_TOLERANCES,
  densifyParallels,
  fixRing,
  outlineOf,
  prepareLayer,
  transferables,
} from './prepare.js'

type Pt = [number, number]
const fileOf = (id: string): unknown =>
  JSON.parse(
    fs.readFileSync(new URL(`../../../earth/data/earth_${id}.json`, import.meta.url), 'utf8'),
  )
const area = (ring: Pt[]) => geoArea({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] })

describe('the ring fix', () => {
  it('turns a ring either way round into its small side', () => {
    const square: Pt[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]
    for (const ring of [square, [...square].reverse()]) {
      const fixed = fixRing(ring)!
      expect(area(fixed)).toBeLessThan(0.1)
      expect(area(fixed)).toBeGreaterThan(0.01)
    }
    expect(
      fixRing([
        [0, 0],
        [1, 1],
      ]),
    ).toBeNull()
  })

  it('splits edges along a parallel into steps of 1° at most', () => {
    const ring = densifyParallels([
      [0, 30],
      [3, 30],
      [3, 31],
    ])
    expect(ring).toEqual([
      [0, 30],
      [1, 30],
      [2, 30],
      [3, 30],
      [3, 31],
    ])
  })

  it('draws outlines without the cell cuts', () => {
    // A shape cut at the cell's west edge (lon 0): the cut edge from (0, 40) to (0, 35) is left out.
    const lines = outlineOf({ lon: 0, lat: 30 }, [
      [0, 35],
      [5, 35],
      [5, 40],
      [0, 40],
    ])
    expect(lines).toEqual([
      [
        [0, 35],
        [5, 35],
        [5, 40],
        [0, 40],
      ],
    ])
    const whole = outlineOf({ lon: 0, lat: 30 }, [
      [1, 35],
      [5, 35],
      [5, 40],
    ])
    expect(whole).toEqual([
      [
        [1, 35],
        [5, 35],
        [5, 40],
        [1, 35],
      ],
    ])
  })
})

describe('prepareLayer', () => {
  const countries = prepareLayer(fileOf('countries'), earthLayer('countries')!)

  it('keeps every ring of every detail level on its small side (geoArea < 2π)', () => {
    if (countries.kind !== 'shapes') throw new Error('countries are shapes')
    expect(countries.levels).toHaveLength(LOD_TOLERANCES.length + 1)
    for (const level of countries.levels) {
      for (let part = 0; part + 1 < level.parts.length; part++) {
        const ring: Pt[] = []
        for (let i = level.parts[part]!; i < level.parts[part + 1]!; i++)
          ring.push([level.coords[2 * i]!, level.coords[2 * i + 1]!])
        expect(area(ring)).toBeLessThan(2 * Math.PI)
      }
    }
    // Coarser levels hold fewer points.
    const sizes = countries.levels.map((level) => level.coords.length)
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes)
  })

  it('gives each shape a cap holding its points, and each cell a cap holding its shapes', () => {
    if (countries.kind !== 'shapes') throw new Error('countries are shapes')
    const { caps, cellCaps, cellStarts, levels } = countries
    const full = levels[0]!
    let worst = -Infinity // the largest angle beyond its shape's cap, over every point
    for (let shape = 0; shape + 1 < full.shapeParts.length; shape++) {
      const [x, y, z, radius] = [0, 1, 2, 3].map((k) => caps[4 * shape + k]!)
      const end = full.parts[full.shapeParts[shape + 1]!]!
      for (let i = full.parts[full.shapeParts[shape]!]!; i < end; i++) {
        const lambda = (full.coords[2 * i]! * Math.PI) / 180
        const phi = (full.coords[2 * i + 1]! * Math.PI) / 180
        const dot =
          Math.cos(phi) * Math.cos(lambda) * x! +
          Math.cos(phi) * Math.sin(lambda) * y! +
          Math.sin(phi) * z!
        worst = Math.max(worst, Math.acos(Math.min(1, dot)) - radius!)
      }
    }
    expect(worst).toBeLessThanOrEqual(1e-6)
    expect(cellStarts.at(-1)).toBe(full.shapeParts.length - 1)
    expect(cellCaps.length / 4).toBe(cellStarts.length - 1)
  })

  it('splits a layer into one style per attribute value (countries by colour)', () => {
    if (countries.kind !== 'shapes') throw new Error('countries are shapes')
    expect([...countries.styles].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(transferables(countries).length).toBe(4 + 3 * countries.levels.length)
  })

  it('sorts points layers largest first', () => {
    const cities = prepareLayer(fileOf('cities'), earthLayer('cities')!)
    if (cities.kind !== 'points') throw new Error('cities are points')
    expect(cities.points.length).toBeGreaterThan(1000)
    const sizes = cities.points.map((point) => point.s)
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes)
    expect(transferables(cities)).toEqual([])
  })

  it('throws for a file of another layer or a malformed one', () => {
    expect(() => prepareLayer({ id: 'lakes', shapes: [] }, earthLayer('countries')!)).toThrow(
      /lakes/,
    )
    expect(() =>
      prepareLayer({ id: 'countries', shapes: ['nonsense'] }, earthLayer('countries')!),
    ).toThrow()
    expect(() => prepareLayer('<html>', earthLayer('countries')!)).toThrow()
  })
})
