import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeLayer, type DecodedLayer } from './decode.js'
import { EARTH_LAYERS_DIR, layerFilePath } from './index.js'
import { EARTH_LAYERS, SHIPPED_LAYERS, layerFileName, layerUrl, layerVisible } from './layers.js'

const decoded = new Map<string, DecodedLayer>()
function load(id: string): DecodedLayer {
  let layer = decoded.get(id)
  if (!layer) {
    layer = decodeLayer(JSON.parse(fs.readFileSync(layerFilePath(id), 'utf8')))
    decoded.set(id, layer)
  }
  return layer
}

describe('the layer list', () => {
  it('names all thirteen map layers', () => {
    expect(EARTH_LAYERS.map((l) => l.id).sort()).toEqual(
      'countries states countrynames lakes urban rivers cities railroads boundary playas highways reefs bathymetry'
        .split(' ')
        .sort(),
    )
    expect(SHIPPED_LAYERS.map((l) => l.id)).not.toContain('highways')
    expect(layerUrl('cities')).toBe('/query/drive/load/public/earth/earth_cities.json')
  })

  it('follows the zoom thresholds of section 9', () => {
    const at = (id: string, zoom: number) =>
      layerVisible(
        EARTH_LAYERS.find((l) => l.id === id)!,
        zoom,
      )
    expect(at('countries', 0.5)).toBe(true)
    expect(at('states', 0)).toBe(false)
    expect(at('states', 0.5)).toBe(true)
    expect(at('countrynames', 1)).toBe(true)
    expect(at('boundary', 1)).toBe(false)
    expect(at('lakes', 1.06)).toBe(true)
    expect(at('rivers', 1.25)).toBe(false)
    expect(at('bathymetry', 1.6)).toBe(true)
    expect(at('cities', 2)).toBe(false)
    expect(at('highways', 2.6)).toBe(true)
    expect(at('railroads', 3)).toBe(false)
  })
})

describe('the committed data files', () => {
  it('are exactly one file per shipped layer', () => {
    const files = fs.readdirSync(EARTH_LAYERS_DIR).sort()
    expect(files).toEqual(SHIPPED_LAYERS.map((l) => layerFileName(l.id)).sort())
  })

  it('stay small: under 4 MB raw together', () => {
    let raw = 0
    let gzip = 0
    for (const layer of SHIPPED_LAYERS) {
      const bytes = fs.readFileSync(layerFilePath(layer.id))
      raw += bytes.length
      gzip += zlib.gzipSync(bytes).length
    }
    expect(raw).toBeLessThan(4 * 1024 * 1024)
    expect(gzip).toBeLessThan(raw)
  })

  it.each(SHIPPED_LAYERS.map((l) => [l.id, l] as const))(
    '%s decodes and matches the layer list',
    (id, layer) => {
      const json = JSON.parse(
        fs.readFileSync(path.join(EARTH_LAYERS_DIR, layerFileName(id)), 'utf8'),
      )
      expect(Object.keys(json)).toEqual(['id', layer.list])
      const decodedLayer = load(id)
      expect(decodedLayer.id).toBe(id)
      expect(decodedLayer.list).toBe(layer.list)
      expect(decodedLayer.cells.length).toBeGreaterThan(0)
      const keys = new Set<string>()
      for (const cell of decodedLayer.cells) {
        const key = `${cell.lon},${cell.lat}`
        expect(keys.has(key)).toBe(false)
        keys.add(key)
        expect(cell.shapes.length).toBeGreaterThan(0)
        for (const shape of cell.shapes) {
          expect(shape.parts.length).toBeGreaterThan(0)
          for (const part of shape.parts) {
            const pairs = part.length / 2
            if (layer.geometry === 'points') expect(pairs).toBe(1)
            else expect(pairs).toBeGreaterThanOrEqual(layer.geometry === 'polygons' ? 3 : 2)
            for (let i = 0; i < part.length; i += 2) {
              const lon = part[i]!
              const lat = part[i + 1]!
              if (lon < cell.lon || lon > cell.lon + 30 || lat < cell.lat || lat > cell.lat + 30)
                throw new Error(`${id}: ${lon},${lat} outside cell ${key}`)
            }
          }
        }
      }
    },
  )

  it('carry the expected attributes', () => {
    const countries = load('countries').cells.flatMap((c) => c.shapes)
    const france = countries.filter((s) => s.n === 'France')
    expect(france.length).toBeGreaterThan(1) // metropolitan France and the overseas parts
    expect(france[0]).toMatchObject({ a: 'FR' })
    expect(countries.every((s) => typeof s.c === 'number' && s.c >= 1 && s.c <= 7)).toBe(true)

    const cities = load('cities').cells.flatMap((c) => c.shapes)
    const tokyo = cities.find((s) => s.n === 'Tokyo')
    expect(tokyo?.t).toBe('c')
    expect(tokyo!.s!).toBeGreaterThan(50)
    expect(cities.every((s) => typeof s.s === 'number' && s.n)).toBe(true)

    const names = load('countrynames').cells.flatMap((c) => c.shapes)
    expect(names.find((s) => s.n === 'Japan')?.s).toBe(10)

    const depths = new Set(load('bathymetry').cells.flatMap((c) => c.shapes.map((s) => s.e)))
    expect([...depths].sort((a, b) => b! - a!)).toEqual([
      0, -200, -1000, -2000, -3000, -4000, -5000, -6000, -8000, -9000, -10000,
    ])
    const rivers = load('rivers').cells.flatMap((c) => c.shapes)
    expect(rivers.every((s) => typeof s.w === 'number' && s.w > 0)).toBe(true)
  })

  it('split the antimeridian: Russia has pieces on both sides', () => {
    const cells = load('countries').cells.filter((c) => c.shapes.some((s) => s.n === 'Russia'))
    const lons = new Set(cells.map((c) => c.lon))
    expect(lons.has(150)).toBe(true)
    expect(lons.has(-180)).toBe(true)
  })
})

describe('the decoder', () => {
  it('is browser-safe: decode.ts and what it imports use no node modules', () => {
    for (const file of ['decode.ts', 'format.ts', 'layers.ts', 'simplify.ts']) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')
      expect(source).not.toMatch(/from 'node:|require\(/)
      for (const match of source.matchAll(/from '(\.[^']+)'/g))
        expect(['./format.js', './layers.js', './simplify.js']).toContain(match[1])
    }
  })
})
