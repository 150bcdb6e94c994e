// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { LiveVisitors, LIVE_REFRESH_MS } from './LiveVisitorsCard.js'
import '../shared/errors.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const open = (live: () => Promise<number>) => renderAt('/admin', <LiveVisitors api={{ live }} />)

/** Lets the answered promises settle under fake timers. */
const settle = () => act(async () => {})

describe('the Live visitors card', () => {
  it('shows the visitors active now and leads to the sessions list', async () => {
    open(() => Promise.resolve(1234))
    expect((await screen.findByTestId('live-visitors-count')).textContent).toBe('1,234Active now')
    const title = screen.getByRole('link', { name: /Live visitors/ })
    expect(title.getAttribute('href')).toBe('/sessions')
  })

  it('is loading until the first answer', () => {
    open(() => new Promise(() => undefined))
    expect(screen.getByTestId('live-visitors').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByTestId('live-visitors-count')).toBeNull()
  })

  it('says so when nobody is on the site', async () => {
    open(() => Promise.resolve(0))
    expect((await screen.findByTestId('live-visitors-empty')).textContent).toBe(
      'No visitors on the site right now.',
    )
  })

  it('shows the server’s refusal in the card', async () => {
    open(() =>
      Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/x' })),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/\S/)
    expect(alert.textContent).not.toBe('ERROR_ACCESS_DENIED')
  })

  it('asks again every 30 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers()
    let count = 3
    const live = vi.fn(() => Promise.resolve(count))
    open(live)
    await settle()
    expect(screen.getByTestId('live-visitors-count').textContent).toBe('3Active now')
    count = 5
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS))
    expect(live).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('live-visitors-count').textContent).toBe('5Active now')

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3))
    expect(live).toHaveBeenCalledTimes(2)

    // Shown again: asked at once, then every 30 s again.
    visibility.mockReturnValue('visible')
    count = 7
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await settle()
    expect(live).toHaveBeenCalledTimes(3)
    expect(screen.getByTestId('live-visitors-count').textContent).toBe('7Active now')
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS))
    expect(live).toHaveBeenCalledTimes(4)
  })
})
