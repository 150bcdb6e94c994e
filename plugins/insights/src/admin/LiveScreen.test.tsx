// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DialogProvider } from '@shopwright/admin-ui/kit'
import { LOCALE_STORAGE_KEY, QueryError } from '@shopwright/client'
import type { LiveInsights } from '../shared/types.js'
import { Live } from './LiveScreen.js'
import '../shared/errors.js'
import { expectTryAgain } from './testing/try-again.js'

/** jsdom has no canvas: a 2D context that does nothing, so the globe draws and says its view. */
function quietCanvas() {
  const context: object = new Proxy(
    {},
    {
      get: (_target, key) => (key === 'measureText' ? () => ({ width: 0 }) : () => undefined),
      set: () => true,
    },
  )
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as CanvasRenderingContext2D,
  )
}

beforeEach(quietCanvas)
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.restoreAllMocks()
})

const LIVE: LiveInsights = {
  sessions: 3,
  live: 2,
  locations: [
    {
      longitude: -0.1257,
      latitude: 51.5085,
      count: 2,
      city: 'London',
      region: 'England',
      country: 'GB',
      style: 'Primary',
    },
    {
      longitude: 2.35,
      latitude: 48.85,
      count: 1,
      city: 'Paris',
      region: '',
      country: 'FR',
      style: 'Other',
    },
  ],
}

function open(load: () => Promise<LiveInsights>, pollMs?: number) {
  render(
    <DialogProvider>
      <Live load={load} pollMs={pollMs} />
    </DialogProvider>,
  )
}

describe('the Live Insights screen', () => {
  it('shows how many sessions are live, the globe, its key and the DB-IP credit', async () => {
    open(() => Promise.resolve(LIVE))
    expect((await screen.findByTestId('live-counts')).textContent).toBe(
      '2 live now, 3 sessions on the globe',
    )
    expect(await screen.findByRole('img', { name: 'Live Insights' })).toBeTruthy()
    expect(screen.getByTestId('globe-legend').textContent).toContain('Visitors')
    expect(screen.getByTestId('dbip-credit')).toBeTruthy()
  })

  it('holds the globe its box with a spinner while the first answer comes', async () => {
    open(() => new Promise(() => {}))
    const box = await screen.findByTestId('globe-wait')
    expect(box.querySelector('[role=status]')?.textContent).toBe('Loading')
    expect(screen.queryByTestId('globe')).toBeNull()
  })

  it('opens on the visitors without a saved location, the genuine ones first', async () => {
    open(() => Promise.resolve(LIVE))
    const globe = await screen.findByTestId('globe')
    // London's two genuine visits; Paris is only a robot's.
    await waitFor(() => expect(globe.dataset.centre).toBeDefined())
    const [longitude, latitude] = globe.dataset.centre!.split(',').map(Number)
    expect(longitude).toBeCloseTo(-0.1257)
    expect(latitude).toBeCloseTo(51.5085)
    expect(globe.dataset.zoom).toBe('14')
  })

  it('opens over the saved location instead, when the member of staff has one', async () => {
    localStorage.setItem(
      LOCALE_STORAGE_KEY,
      JSON.stringify({ country: 'us', currency: 'usd', language: 'en-us' }),
    )
    open(() => Promise.resolve(LIVE))
    const globe = await screen.findByTestId('globe')
    // The United States' zoom; the centre follows once the country names load.
    await waitFor(() => expect(globe.dataset.zoom).toBe('6'))
  })

  it('asks again for new sessions without a reload', async () => {
    const load = vi.fn(() => Promise.resolve(LIVE))
    open(load, 20)
    await waitFor(() => expect(load.mock.calls.length).toBeGreaterThanOrEqual(3))
  })

  it('shows ERROR_INSIGHTS_NOT_AVAILABLE when the places cannot be read, and tries again', async () => {
    await expectTryAgain(
      '/query/insights/live',
      () => LIVE,
      (load) => open(load),
      'live-counts',
    )
  })

  it('keeps the globe when a poll fails, says so, and asks again', async () => {
    let calls = 0
    const load = vi.fn(() => {
      calls++
      return calls === 2
        ? Promise.reject(
            new QueryError('ERROR_DATA_CONNECTION', { status: 503, url: '/query/insights/live' }),
          )
        : Promise.resolve(LIVE)
    })
    open(load, 20)
    expect(await screen.findByTestId('live-stale')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Live Insights' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('live-stale')).toBeNull())
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(3)
  })
})
