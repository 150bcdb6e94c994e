import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import {
  LAYER_RECIPES,
  buildLayer,
  citySize,
  cityType,
  countryNameSize,
  layerJson,
} from './convert.js'
import { decodeLayer } from './decode.js'
import { SHIPPED_LAYERS } from './layers.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'earth-convert-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function writeSource(file: string, features: unknown[]): void {
  const json = JSON.stringify({ type: 'FeatureCollection', features })
  fs.writeFileSync(path.join(dir, file), zlib.gzipSync(json))
}

const point = (lon: number, lat: number, properties: Record<string, unknown>) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [lon, lat] },
})

function recipe(id: string) {
  const found = LAYER_RECIPES.find((r) => r.id === id)
  if (!found) throw new Error(id)
  return found
}

describe('recipes', () => {
  it('has one recipe per shipped layer, none for highways', () => {
    expect(LAYER_RECIPES.map((r) => r.id).sort()).toEqual(SHIPPED_LAYERS.map((l) => l.id).sort())
    expect(LAYER_RECIPES.some((r) => r.id === 'highways')).toBe(false)
  })
})

describe('cities', () => {
  it('sizes by pop_max (per 200 000), at least by scale rank', () => {
    expect(citySize({ pop_max: 35_676_000, scalerank: 0 })).toBe(178.4)
    expect(citySize({ pop_max: 10_000_000, scalerank: 1 })).toBe(50)
    expect(citySize({ pop_max: 1_000_000, scalerank: 3 })).toBe(5)
    expect(citySize({ pop_max: 0, scalerank: 7 })).toBe(0.3)
    expect(citySize({ scalerank: 10 })).toBe(0)
  })

  it('types capitals, regional capitals, stations and places', () => {
    expect(cityType({ featurecla: 'Admin-0 capital' })).toBe('c')
    expect(cityType({ featurecla: 'Admin-0 capital alt' })).toBe('c')
    expect(cityType({ featurecla: 'Admin-1 capital' })).toBe('r')
    expect(cityType({ featurecla: 'Admin-0 region capital' })).toBe('r')
    expect(cityType({ featurecla: 'Scientific station' })).toBe('s')
    expect(cityType({ featurecla: 'Populated place' })).toBe('p')
  })

  it('builds a points layer, largest first in each cell, with size, type and name', () => {
    writeSource('ne_50m_populated_places_simple.json.gz', [
      point(2.35, 48.86, {
        name: 'Paris',
        pop_max: 11_547_000,
        scalerank: 0,
        featurecla: 'Admin-0 capital',
      }),
      point(4.83, 45.76, {
        name: 'Lyon',
        pop_max: 1_423_000,
        scalerank: 3,
        featurecla: 'Admin-1 capital',
      }),
      point(139.75, 35.68, {
        name: 'Tokyo',
        pop_max: 35_676_000,
        scalerank: 0,
        featurecla: 'Admin-0 capital',
      }),
      point(180, -16.5, {
        name: 'Edge|Town',
        pop_max: 200_000,
        scalerank: 8,
        featurecla: 'Populated place',
      }),
    ])
    const layer = buildLayer(recipe('cities'), dir)
    expect(Object.keys(layer)).toEqual(['id', 'points'])
    const decoded = decodeLayer(JSON.parse(layerJson(layer)))
    expect(decoded.id).toBe('cities')
    const byCell = Object.fromEntries(decoded.cells.map((c) => [`${c.lon},${c.lat}`, c.shapes]))
    expect(Object.keys(byCell).sort()).toEqual(['0,30', '120,30', '150,-30'])
    expect(byCell['0,30']!.map((s) => [s.n, s.s, s.t])).toEqual([
      ['Paris', 57.7, 'c'],
      ['Lyon', 7.1, 'r'],
    ])
    expect(byCell['0,30']![0]!.parts).toEqual([[2.35, 48.86]])
    expect(byCell['120,30']![0]).toMatchObject({ n: 'Tokyo', s: 178.4, parts: [[139.75, 35.68]] })
    expect(byCell['150,-30']![0]).toMatchObject({ n: 'Edge|Town', parts: [[180, -16.5]] })
  })
})

describe('country names', () => {
  it('keeps one label per country at its best-ranked point, named from the countries file', () => {
    expect(countryNameSize({ scalerank: 0 })).toBe(10)
    expect(countryNameSize({ scalerank: 8 })).toBe(2)
    expect(countryNameSize({ scalerank: 100 })).toBe(1)
    const square = (x: number, y: number, size: number) => [
      [
        [x, y],
        [x + size, y],
        [x + size, y + size],
        [x, y + size],
        [x, y],
      ],
    ]
    writeSource('ne_50m_admin_0_countries.json.gz', [
      {
        type: 'Feature',
        properties: { NAME: 'France', ISO_A2: '-99', ADM0_A3: 'FRA' },
        geometry: { type: 'MultiPolygon', coordinates: [square(-4, 43, 10), square(-61, 14, 1)] },
      },
      {
        type: 'Feature',
        properties: { NAME: 'Fiji', ISO_A2: 'FJ', ADM0_A3: 'FJI' },
        geometry: { type: 'Polygon', coordinates: square(177, -18, 2) },
      },
    ])
    writeSource('ne_10m_admin_0_label_points.json.gz', [
      point(-1.8, 48.9, { sr_adm0_a3: 'FRA', scalerank: 8 }),
      point(-61, 14.6, { sr_adm0_a3: 'FRA', scalerank: 0 }),
      point(2.4, 46.6, { sr_adm0_a3: 'FRA', scalerank: 0 }),
      point(178, -17, { sr_adm0_a3: 'FJI', scalerank: 3 }),
      point(10, 10, { sr_adm0_a3: 'XXX', scalerank: 0 }),
    ])
    const layer = buildLayer(recipe('countrynames'), dir)
    const decoded = decodeLayer(JSON.parse(layerJson(layer)))
    expect(decoded.list).toBe('points')
    const shapes = decoded.cells.flatMap((c) => c.shapes)
    expect(shapes.map((s) => [s.n, s.s, s.a, s.parts[0]])).toEqual([
      ['Fiji', 7, 'FJ', [178, -17]],
      ['France', 10, 'FR', [2.4, 46.6]],
    ])
  })
})

describe('polygons and lines', () => {
  it('builds a shapes layer with attributes on every cell piece', () => {
    writeSource('ne_50m_lakes.json.gz', [
      {
        type: 'Feature',
        properties: { name: 'Border Lake' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [28, 1],
              [32, 1],
              [32, 3],
              [28, 3],
              [28, 1],
            ],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { name: 'Speck' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [5, 5],
              [5.01, 5],
              [5.01, 5.01],
              [5, 5],
            ],
          ],
        },
      },
    ])
    const decoded = decodeLayer(JSON.parse(layerJson(buildLayer(recipe('lakes'), dir))))
    expect(decoded.cells.map((c) => [c.lon, c.lat, c.shapes.map((s) => s.n)])).toEqual([
      [0, 0, ['Border Lake']],
      [30, 0, ['Border Lake']],
    ])
    expect(decoded.cells[0]!.shapes[0]!.parts[0]).toEqual([28, 1, 30, 1, 30, 3, 28, 3])
  })
})
