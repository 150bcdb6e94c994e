import { describe, expect, it, vi } from 'vitest'
import { EARTH_LAYERS, layerUrl } from '@shopwright/earth/decode'
import { browserFingerprint } from '@shopwright/client'
import {
  LAYER_LISTING_URL,
  LayerStore,
  layerFetcher,
  type LayerFetch,
  type LayerLoader,
} from './layer-store.js'

/** A tiny valid file for any layer: one shape in the cell at 0,0 (a point for points layers). */
function tinyFile(id: string): unknown {
  const layer = EARTH_LAYERS.find((each) => each.id === id)!
  if (layer.list === 'points') return { id, points: ['0,0|s=60;n=Somewhere;a=SW;JT'] }
  if (layer.geometry === 'lines') return { id, shapes: ['0,0|JTJT'] }
  return { id, shapes: ['0,0|JTJ_JJ'] }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('LayerStore', () => {
  it('fetches the shipped layers the zoom shows, from layerUrl, once each', async () => {
    const load = vi.fn<LayerLoader>(async (id) => tinyFile(id))
    const loaded: string[] = []
    const store = new LayerStore({ load, onLoad: (id) => loaded.push(id) })
    expect(store.need(1).sort()).toEqual(['countries', 'countrynames', 'states'])
    await settle()
    expect(store.need(1)).toEqual([])
    const more = store.need(14)
    expect(more).not.toContain('highways') // no file ships: never fetched
    expect([...more, 'countries', 'countrynames', 'states'].sort()).toEqual(
      EARTH_LAYERS.filter((layer) => layer.shipped)
        .map((layer) => layer.id)
        .sort(),
    )
    await settle()
    expect(load).toHaveBeenCalledTimes(12)
    expect(load).toHaveBeenCalledWith('bathymetry', layerUrl('bathymetry'))
    expect(layerUrl('bathymetry')).toBe('/query/drive/load/public/earth/earth_bathymetry.json')
    expect(loaded.sort()).toEqual([...store.layers.keys()].sort())
    expect(store.layers.size).toBe(12)
    expect(store.need(100)).toEqual([])
  })

  it('follows each layer threshold', () => {
    const store = new LayerStore({ load: () => new Promise(() => {}) })
    expect(store.need(0.5)).toEqual(['countries', 'states'])
    expect(store.need(1)).toEqual(['countrynames']) // at 1 or more
    expect(store.need(1.05)).toEqual(['boundary']) // above 1
    expect(store.need(1.2)).toEqual(['lakes']) // above 1.05
    expect(store.need(1.5)).toEqual(['urban', 'reefs', 'rivers']) // above 1.25
    expect(store.need(1.6)).toEqual(['bathymetry']) // above 1.5
    expect(store.need(2)).toEqual(['playas']) // above 1.75
    expect(store.need(2.5)).toEqual(['cities']) // above 2
    expect(store.need(3)).toEqual([]) // highways above 2.5 ships no file
    expect(store.need(3.01)).toEqual(['railroads']) // above 3
  })

  it('keeps a failed fetch or parse quiet and never retries it', async () => {
    const load = vi.fn<LayerLoader>(async (id) => {
      if (id === 'countries') throw new Error('404')
      if (id === 'states') return '<html>not json</html>'
      return tinyFile(id)
    })
    const errors: string[] = []
    const loaded: string[] = []
    const store = new LayerStore({
      load,
      onLoad: (id) => loaded.push(id),
      onError: (id) => errors.push(id),
    })
    store.need(1)
    await settle()
    expect(errors.sort()).toEqual(['countries', 'states'])
    expect(loaded).toEqual(['countrynames'])
    expect(store.state('countries')).toBe('failed')
    store.need(1)
    store.need(50)
    await settle()
    expect(load.mock.calls.filter(([id]) => id === 'countries')).toHaveLength(1)
    expect(load.mock.calls.filter(([id]) => id === 'states')).toHaveLength(1)
  })

  it('reports its progress as layers are asked for and settle, failures included', async () => {
    const waiting = new Map<string, (json: unknown) => void>()
    const load: LayerLoader = (id) => new Promise((resolve) => waiting.set(id, resolve))
    const progress = vi.fn()
    const store = new LayerStore({ load, onProgress: progress })
    store.need(0.5)
    expect(progress).toHaveBeenLastCalledWith({ total: 2, loaded: 0, failed: 0, base: false })
    waiting.get('states')!(tinyFile('states'))
    await settle()
    // A layer is in, but not the land yet.
    expect(progress).toHaveBeenLastCalledWith({ total: 2, loaded: 1, failed: 0, base: false })
    waiting.get('countries')!('<html>not json</html>')
    await settle()
    // The land failed: settled all the same, so the globe stops saying it loads.
    expect(progress).toHaveBeenLastCalledWith({ total: 2, loaded: 1, failed: 1, base: true })
    store.need(1)
    expect(progress).toHaveBeenLastCalledWith({ total: 3, loaded: 1, failed: 1, base: true })
    waiting.get('countrynames')!(tinyFile('countrynames'))
    await settle()
    expect(store.progress()).toEqual({ total: 3, loaded: 2, failed: 1, base: true })
    expect(progress).toHaveBeenLastCalledWith({ total: 3, loaded: 2, failed: 1, base: true })
    // Nothing new asked for: no report.
    const calls = progress.mock.calls.length
    store.need(1)
    expect(progress).toHaveBeenCalledTimes(calls)
  })

  it('fetches the land and the country names first and bathymetry last', () => {
    const store = new LayerStore({ load: () => new Promise(() => {}) })
    const started = store.need(14)
    expect(started.slice(0, 2)).toEqual(['countries', 'countrynames'])
    expect(started.at(-1)).toBe('bathymetry')
    expect(started).toHaveLength(12)
  })

  it('treats a file holding another layer as failed', async () => {
    const store = new LayerStore({ load: async () => tinyFile('lakes') })
    store.need(0.5)
    await settle()
    expect(store.state('countries')).toBe('failed')
    expect(store.layers.size).toBe(0)
  })

  it('raises nothing after dispose', async () => {
    const onLoad = vi.fn()
    const store = new LayerStore({ load: async (id) => tinyFile(id), onLoad })
    store.need(0.5)
    store.dispose()
    await settle()
    expect(onLoad).not.toHaveBeenCalled()
  })
})

describe('layerFetcher', () => {
  const HASH = 'ab'.repeat(32)
  /** A fake fetch: the listing names the countries file's hash; every call is recorded. */
  function fakeFetch(listing: 'ok' | 'fails' = 'ok') {
    return vi.fn<LayerFetch>(async (url) => {
      if (url === LAYER_LISTING_URL) {
        if (listing === 'fails') return { ok: false, status: 500, json: async () => ({}) }
        return {
          ok: true,
          status: 200,
          json: async () => ({
            list: [
              { name: 'earth_countries.json', type: 'file', hash: HASH },
              { name: 'notes', type: 'folder' },
            ],
          }),
        }
      }
      return { ok: true, status: 200, json: async () => ({ url }) }
    })
  }

  it('sends Accept and Device with every request, and fetches a layer under its hash', async () => {
    const fetch = fakeFetch()
    const load = layerFetcher({ fetch, device: () => 'fp-123' })
    expect(await load('countries', layerUrl('countries'))).toEqual({
      url: `${layerUrl('countries')}?v=${HASH}`,
    })
    await load('lakes', layerUrl('lakes'))
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      LAYER_LISTING_URL,
      `${layerUrl('countries')}?v=${HASH}`,
      // Not in the listing: its plain address.
      layerUrl('lakes'),
    ])
    for (const [, init] of fetch.mock.calls)
      expect(init).toEqual({
        headers: { Accept: 'application/json', Device: 'fp-123' },
        credentials: 'same-origin',
      })
  })

  it('reads the listing once, and loads the layers at their plain address when it fails', async () => {
    const fetch = fakeFetch('fails')
    const load = layerFetcher({ fetch, device: () => 'fp' })
    await Promise.all([
      load('countries', layerUrl('countries')),
      load('states', layerUrl('states')),
    ])
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(
      [LAYER_LISTING_URL, layerUrl('countries'), layerUrl('states')].sort(),
    )
  })

  it('rejects a layer the server refuses, so the store keeps it failed and quiet', async () => {
    const fetch = vi.fn<LayerFetch>(async (url) => ({
      ok: url === LAYER_LISTING_URL,
      status: url === LAYER_LISTING_URL ? 200 : 404,
      json: async () => ({ list: [] }),
    }))
    const load = layerFetcher({ fetch, device: () => 'fp' })
    await expect(load('reefs', layerUrl('reefs'))).rejects.toThrow('404')
  })

  it('sends the browser fingerprint as Device by default', async () => {
    const fetch = fakeFetch()
    await layerFetcher({ fetch })('countries', layerUrl('countries'))
    const device = fetch.mock.calls[1]![1].headers.Device
    expect(device).toBe(browserFingerprint())
    expect(device?.length).toBeGreaterThan(0)
  })
})
