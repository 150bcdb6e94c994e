// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARTH_LAYERS } from '@shopwright/earth/decode'
import { Globe } from './Globe.js'
import type { LayerLoader } from './layer-store.js'
import { OCEAN } from './layer-style.js'
import type { GlobeLocation } from './markers.js'

/** A tiny valid file for any layer: one shape in the cell at 0,0 (a point for points layers). */
function tinyFile(id: string): unknown {
  const layer = EARTH_LAYERS.find((each) => each.id === id)!
  if (layer.list === 'points') return { id, points: ['0,0|s=60;n=Somewhere;a=SW;JT'] }
  if (layer.geometry === 'lines') return { id, shapes: ['0,0|JTJT'] }
  return { id, shapes: ['0,0|c=2;JTJ_JJ'] }
}

/** jsdom has no canvas: a 2D context that records the styles set and the calls made. */
function recordingContext() {
  const record: string[] = []
  const state: Record<string, unknown> = {}
  const context = new Proxy(state, {
    get(target, key: string) {
      if (key in target) return target[key]
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 })
      return (..._args: unknown[]) => {
        record.push(key)
      }
    },
    set(target, key: string, value) {
      target[key] = value
      record.push(`${key}=${String(value)}`)
      return true
    },
  })
  return { context, record }
}

let canvas: ReturnType<typeof recordingContext>
const frame = () => act(() => vi.advanceTimersByTimeAsync(20))
const zoomOf = () => Number(screen.getByTestId('globe').dataset.zoom)
const never: LayerLoader = () => new Promise(() => {})
const paris = (): GlobeLocation => ({
  longitude: 2.35,
  latitude: 48.86,
  count: 12,
  city: 'Paris',
  region: 'Île-de-France',
  country: 'France',
  style: 'Primary',
})

beforeEach(() => {
  vi.useFakeTimers()
  canvas = recordingContext()
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => canvas.context as unknown as CanvasRenderingContext2D,
  )
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Globe', () => {
  it('is a labelled canvas of 400 by 300 with zoom buttons and three marker style holders', async () => {
    const { container } = render(<Globe locations={[]} className="mine" loadLayer={never} />)
    await frame()
    const picture = screen.getByRole('img', { name: 'Globe' })
    expect(picture.tagName).toBe('CANVAS')
    expect(picture.style.width).toBe('400px')
    expect(picture.style.height).toBe('300px')
    expect(screen.getByTestId('globe').className).toBe('sw-globe mine')
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeTruthy()
    expect(
      [...container.querySelectorAll('.sw-globe-holder')].map((holder) => holder.classList[1]),
    ).toEqual(['sw-globe-marker-other', 'sw-globe-marker-secondary', 'sw-globe-marker-primary'])
    // No saved location: zoom 12.
    expect(zoomOf()).toBe(12)
  })

  it('takes the size given', async () => {
    render(<Globe locations={[]} width={640} height={480} label="Visitors" loadLayer={never} />)
    const picture = screen.getByRole('img', { name: 'Visitors' }) as HTMLCanvasElement
    expect(picture.style.width).toBe('640px')
    expect(picture.width).toBe(640)
    expect(picture.height).toBe(480)
  })

  it('draws a plain blue globe until the first layer loads', async () => {
    render(<Globe locations={[]} loadLayer={never} />)
    await frame()
    const fills = canvas.record.filter((entry) => entry.startsWith('fillStyle='))
    expect(fills).toEqual([`fillStyle=${OCEAN}`])
  })

  it('shows a loading state until the land draws, then a layer bar while more load', async () => {
    const held = new Map<string, () => void>()
    const load: LayerLoader = (id) =>
      new Promise((resolve) => held.set(id, () => resolve(tinyFile(id))))
    const progress = vi.fn()
    render(
      <Globe
        locations={[]}
        centre={{ longitude: 0, latitude: 0 }}
        zoom={1}
        loadLayer={load}
        onLayerProgress={progress}
        loadingText="Loading the map"
        layerText={(settled, total) => `${settled} of ${total} map layers`}
      />,
    )
    await frame()
    const loading = screen.getByTestId('globe-loading')
    expect(within(loading).getByRole('status').textContent).toBe('Loading the map')
    const bar = screen.getByRole('progressbar', {
      name: '0 of 3 map layers',
    }) as HTMLProgressElement
    expect([bar.value, bar.max]).toEqual([0, 3])
    await act(async () => held.get('countrynames')!())
    await frame()
    // Names alone make no map: still loading, the bar at one of three.
    expect(screen.getByRole('progressbar', { name: '1 of 3 map layers' })).toBeTruthy()
    expect(screen.getByTestId('globe-loading')).toBeTruthy()
    await act(async () => held.get('countries')!())
    await frame()
    // The land is drawn: the loading state gives way to the corner bar.
    expect(screen.queryByTestId('globe-loading')).toBeNull()
    expect(screen.getByTestId('globe-progress').textContent).toBe('2 of 3 map layers')
    await act(async () => held.get('states')!())
    await frame()
    expect(screen.queryByTestId('globe-progress')).toBeNull()
    expect(progress).toHaveBeenLastCalledWith({ total: 3, loaded: 3, failed: 0, base: true })
    // A zoom that needs more layers shows the bar again, counting them.
    fireEvent.wheel(screen.getByRole('img'), { deltaY: -300, ctrlKey: true })
    await frame()
    const more = screen.getByTestId('globe-progress').textContent!
    expect(more).toMatch(/^3 of (\d+) map layers$/)
    expect(Number(more.split(' ')[2])).toBeGreaterThan(3)
  })

  it('counts layers in figures without words of its own', async () => {
    render(<Globe locations={[]} zoom={1} loadLayer={never} />)
    await frame()
    expect(within(screen.getByTestId('globe-loading')).getByRole('status').textContent).toBe(
      'Loading',
    )
    expect(screen.getByRole('progressbar', { name: '0 / 3' })).toBeTruthy()
  })

  it('zooms by 1.1 every 100 ms while plus is held, until release', async () => {
    render(<Globe locations={[]} centre={{ longitude: 0, latitude: 0 }} loadLayer={never} />)
    await frame()
    expect(zoomOf()).toBe(14)
    const plus = screen.getByRole('button', { name: 'Zoom in' })
    fireEvent.pointerDown(plus)
    await frame()
    expect(zoomOf()).toBeCloseTo(14 * 1.1)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(zoomOf()).toBeCloseTo(14 * 1.1 ** 3)
    fireEvent.pointerUp(plus)
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(zoomOf()).toBeCloseTo(14 * 1.1 ** 3)
  })

  it('stops the held minus on mouse-out and on touch end', async () => {
    render(<Globe locations={[]} centre={{ longitude: 0, latitude: 0 }} loadLayer={never} />)
    const minus = screen.getByRole('button', { name: 'Zoom out' })
    fireEvent.pointerDown(minus)
    await act(() => vi.advanceTimersByTimeAsync(100))
    fireEvent.pointerLeave(minus)
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(zoomOf()).toBeCloseTo(14 / 1.1 ** 2)
    fireEvent.pointerDown(minus)
    await frame()
    fireEvent.touchEnd(minus)
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(zoomOf()).toBeCloseTo(14 / 1.1 ** 3)
  })

  it('zooms with ctrl and the wheel only, and then keeps the page from scrolling', async () => {
    render(<Globe locations={[]} centre={{ longitude: 0, latitude: 0 }} loadLayer={never} />)
    const picture = screen.getByRole('img')
    expect(fireEvent.wheel(picture, { deltaY: -100 })).toBe(true)
    await frame()
    expect(zoomOf()).toBe(14)
    expect(fireEvent.wheel(picture, { deltaY: -100, ctrlKey: true })).toBe(false)
    await frame()
    expect(zoomOf()).toBeCloseTo(21)
    for (let i = 0; i < 20; i++) fireEvent.wheel(picture, { deltaY: -100, ctrlKey: true })
    await frame()
    expect(zoomOf()).toBe(100)
  })

  it('turns when dragged', async () => {
    render(
      <Globe locations={[]} centre={{ longitude: 10, latitude: 0 }} zoom={1} loadLayer={never} />,
    )
    const picture = screen.getByRole('img')
    fireEvent.pointerDown(picture, { pointerId: 1, clientX: 200, clientY: 150 })
    fireEvent.pointerMove(picture, { pointerId: 1, clientX: 260, clientY: 150 })
    fireEvent.pointerUp(picture, { pointerId: 1, clientX: 260, clientY: 150 })
    await frame()
    const [longitude] = screen.getByTestId('globe').dataset.centre!.split(',').map(Number)
    // 60 px at a 150 px radius: 60 / 150 radians.
    expect(longitude).toBeCloseTo(10 - (60 / 150) * (180 / Math.PI))
  })

  it('raises a loaded event per layer as each loads, fetching each once', async () => {
    const load = vi.fn<LayerLoader>(async (id) => tinyFile(id))
    const onLayerLoad = vi.fn()
    render(
      <Globe
        locations={[]}
        centre={{ longitude: 0, latitude: 0 }}
        zoom={1}
        loadLayer={load}
        onLayerLoad={onLayerLoad}
      />,
    )
    await frame()
    expect(onLayerLoad.mock.calls.map(([id]) => id).sort()).toEqual([
      'countries',
      'countrynames',
      'states',
    ])
    // Drawn: the countries' colour 2 is among the fills now.
    expect(canvas.record.filter((entry) => entry.startsWith('fillStyle=')).length).toBeGreaterThan(
      1,
    )
    const plus = screen.getByRole('button', { name: 'Zoom in' })
    fireEvent.pointerDown(plus)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    fireEvent.pointerUp(plus)
    await frame()
    expect(zoomOf()).toBeGreaterThan(14)
    expect(onLayerLoad).toHaveBeenCalledTimes(12)
    expect(load).toHaveBeenCalledTimes(12)
    expect(load.mock.calls.map(([id]) => id)).not.toContain('highways')
  })

  it('shows nothing when layers fail, and never fetches them again', async () => {
    const load = vi.fn<LayerLoader>(() => Promise.reject(new Error('404')))
    const onLayerLoad = vi.fn()
    const { container } = render(
      <Globe
        locations={[]}
        centre={{ longitude: 0, latitude: 0 }}
        loadLayer={load}
        onLayerLoad={onLayerLoad}
      />,
    )
    await frame()
    fireEvent.wheel(screen.getByRole('img'), { deltaY: -50, ctrlKey: true })
    await frame()
    expect(onLayerLoad).not.toHaveBeenCalled()
    expect(load).toHaveBeenCalledTimes(12)
    expect(container.textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('picks a marker pressed within 14 px and shows its info box; a tap elsewhere clears it', async () => {
    const location = paris()
    const onPick = vi.fn()
    render(
      <Globe
        locations={[location, { ...paris(), longitude: 0, latitude: 0, city: 'Nowhere' }]}
        centre={{ longitude: 2.35, latitude: 48.86 }}
        loadLayer={never}
        onPick={onPick}
      />,
    )
    await frame()
    expect(location.screen!.x).toBeCloseTo(200)
    expect(location.screen!.y).toBeCloseTo(150)
    const picture = screen.getByRole('img')
    fireEvent.pointerDown(picture, { pointerId: 1, clientX: 215, clientY: 150 })
    fireEvent.pointerUp(picture, { pointerId: 1, clientX: 215, clientY: 150 })
    await frame()
    expect(onPick).not.toHaveBeenCalled() // 15 px: too far
    fireEvent.pointerDown(picture, { pointerId: 1, clientX: 210, clientY: 159 })
    fireEvent.pointerUp(picture, { pointerId: 1, clientX: 210, clientY: 159 })
    await frame()
    expect(onPick).toHaveBeenLastCalledWith(location)
    const info = screen.getByTestId('globe-info')
    expect(info.hidden).toBe(false)
    expect(info.style.visibility).toBe('visible')
    expect([...info.children].map((line) => line.textContent)).toEqual([
      '12 x Paris',
      'Île-de-France',
      'France',
    ])
    fireEvent.pointerDown(picture, { pointerId: 1, clientX: 20, clientY: 20 })
    fireEvent.pointerUp(picture, { pointerId: 1, clientX: 20, clientY: 20 })
    await frame()
    expect(onPick).toHaveBeenLastCalledWith(null)
    expect(screen.getByTestId('globe-info').hidden).toBe(true)
  })

  it('keeps the picked place picked when new data comes, with its new count', async () => {
    const onPick = vi.fn()
    const shown = (locations: GlobeLocation[]) => (
      <Globe
        locations={locations}
        centre={{ longitude: 2.35, latitude: 48.86 }}
        loadLayer={never}
        onPick={onPick}
      />
    )
    const { rerender } = render(shown([paris()]))
    await frame()
    const picture = screen.getByRole('img')
    fireEvent.pointerDown(picture, { pointerId: 1, clientX: 200, clientY: 150 })
    fireEvent.pointerUp(picture, { pointerId: 1, clientX: 200, clientY: 150 })
    await frame()
    // A poll answers the same place as a new object, one more visit there.
    const again = { ...paris(), count: 13 }
    rerender(shown([again]))
    await frame()
    expect(onPick).toHaveBeenLastCalledWith(again)
    expect(screen.getByTestId('globe-info').textContent).toContain('13 x Paris')
    // A place no longer in the answer is unpicked.
    rerender(shown([{ ...paris(), city: 'Lyon' }]))
    await frame()
    expect(onPick).toHaveBeenLastCalledWith(null)
  })
})
