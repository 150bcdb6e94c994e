// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { emptyInsights } from '../shared/month.js'
import type { Keyed, TrafficAnswer } from '../shared/types.js'
import { Traffic, type LoadMonth } from './TrafficCard.js'
import '../shared/errors.js'

afterEach(cleanup)

const month = (id: string, traffic: Keyed[]): TrafficAnswer => ({
  ...emptyInsights(id),
  traffic,
  livedays: [],
  lastrollup: null,
})

const open = (load: LoadMonth, today = '2026-03-10') =>
  renderAt('/admin', <Traffic load={load} today={today} />)

describe('the Traffic card', () => {
  it('adds up the last 30 days across two months, today last, and leads to Insights', async () => {
    const load = vi.fn<LoadMonth>((id) =>
      Promise.resolve(
        id === '2026-03'
          ? month(id, [
              { key: '2026-03-01', value: 100 },
              { key: '2026-03-10', value: 7 },
            ])
          : // 8 February is the 31st day back: not counted.
            month(id, [
              { key: '2026-02-08', value: 5000 },
              { key: '2026-02-10', value: 1000 },
              { key: '2026-02-28', value: 200 },
            ]),
      ),
    )
    open(load)
    expect((await screen.findByTestId('traffic-total')).textContent).toBe(
      '1,307Page views in 30 days',
    )
    expect(screen.getByTestId('traffic-today').textContent).toBe('7Today')
    expect(load.mock.calls).toEqual([
      ['2026-02', false],
      ['2026-03', true],
    ])
    const line = screen.getByRole('img', {
      name: 'Page views a day over the last 30 days, 1,307 in all',
    })
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30)
    expect(screen.getByRole('link', { name: /Traffic, last 30 days/ }).getAttribute('href')).toBe(
      '/insights',
    )
  })

  it('asks one month when the 30 days are all in it', async () => {
    const load = vi.fn<LoadMonth>((id) =>
      Promise.resolve(month(id, [{ key: '2026-01-31', value: 3 }])),
    )
    open(load, '2026-01-31')
    expect((await screen.findByTestId('traffic-today')).textContent).toBe('3Today')
    expect(load.mock.calls).toEqual([['2026-01', true]])
  })

  it('is loading until both months answer', () => {
    open(() => new Promise(() => undefined))
    expect(screen.getByTestId('traffic').getAttribute('aria-busy')).toBe('true')
  })

  it('says so when there were no page views', async () => {
    open((id) => Promise.resolve(month(id, [])))
    expect((await screen.findByTestId('traffic-empty')).textContent).toBe(
      'No page views in the last 30 days.',
    )
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the server’s refusal in the card', async () => {
    open(() =>
      Promise.reject(
        new QueryError('ERROR_INSIGHTS_NOT_AVAILABLE', { status: 503, url: '/query/x' }),
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/\S/)
    expect(alert.textContent).not.toBe('ERROR_INSIGHTS_NOT_AVAILABLE')
    expect(screen.queryByTestId('traffic-total')).toBeNull()
  })
})
