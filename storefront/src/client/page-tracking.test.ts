import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@shopwright/client'
import { PageTracker, TRACK_QUIET_MS } from './page-tracking.js'

describe('PageTracker', () => {
  let now = 0
  let sent: unknown[]
  let client: QueryClient
  beforeEach(() => {
    vi.useFakeTimers()
    now = 1_000
    sent = []
    client = {
      post: vi.fn(async (_path: string, data: unknown) => void sent.push(data)),
    } as unknown as QueryClient
  })
  afterEach(() => vi.useRealTimers())

  it('sends the visited pages, with entry, exit, times and scroll, after a quiet time', () => {
    const tracker = new PageTracker(client, () => now)
    tracker.visit('/', 'https://search.example/')
    now += 2_000
    tracker.scrolled(40)
    tracker.scrolled(25)
    tracker.visit('/about', '/')
    now += 1_000
    vi.advanceTimersByTime(TRACK_QUIET_MS - 1)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([
      {
        pages: [
          {
            href: '/',
            entry: 'https://search.example/',
            exit: '/about',
            start: 1_000,
            end: 3_000,
            scroll: 40,
          },
          { href: '/about', entry: '/', exit: '', start: 3_000, end: 4_000, scroll: 0 },
        ],
      },
    ])
    expect(client.post).toHaveBeenCalledWith('/track', expect.anything(), undefined, {
      keepalive: true,
    })
  })

  it('does not break when the server has no tracking call', async () => {
    const failing = {
      post: vi.fn(async () => Promise.reject(new Error('404'))),
    } as unknown as QueryClient
    const tracker = new PageTracker(failing, () => now)
    tracker.visit('/', '')
    expect(() => tracker.flush()).not.toThrow()
    await Promise.resolve()
  })

  it('sends at most 100 pages a call, with keepalive so a closing tab still sends them', () => {
    const tracker = new PageTracker(client, () => now)
    for (let n = 0; n < 150; n++) {
      tracker.visit(`/p${n}`, '')
      now += 10
    }
    tracker.flush()
    expect(sent.map((each) => (each as { pages: unknown[] }).pages.length)).toEqual([100, 50])
    expect(client.post).toHaveBeenCalledWith('/track', expect.anything(), undefined, {
      keepalive: true,
    })
  })
})
