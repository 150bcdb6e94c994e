// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { monthOf } from '@shopwright/admin-ui/kit'
import { renderAt } from '@shopwright/admin-ui/testing'
import { emptyInsights } from '../shared/month.js'
import type { TrafficAnswer, TrafficInsights } from '../shared/types.js'
import { Insights, type LoadInsights } from './InsightsScreen.js'
import '../shared/errors.js'
import { expectTryAgain } from './testing/try-again.js'

afterEach(cleanup)

/** A month as the call answers it: the record, its live days and its last roll-up. */
const answer = (
  insights: TrafficInsights,
  extra: Partial<Pick<TrafficAnswer, 'livedays' | 'lastrollup'>> = {},
): TrafficAnswer => ({ livedays: [], lastrollup: null, ...insights, ...extra })

function october(): TrafficAnswer {
  const insights = emptyInsights('2026-10')
  insights.days = ['2026-10-01', '2026-10-02']
  insights.traffic = [
    { key: '2026-10-01', value: 4 },
    { key: '2026-10-02', value: 9 },
  ]
  insights.newsessions = [{ key: '2026-10-02', value: 3 }]
  insights.returningsessions = [{ key: '2026-10-02', value: 1 }]
  insights.browsers = [
    { key: 'Firefox', value: 3 },
    { key: 'Chrome', value: 1 },
  ]
  insights.source = [{ key: 'search', value: 4 }]
  insights.entrypages = Array.from({ length: 7 }, (_, i) => ({
    key: `/page-${i + 1}`,
    value: 10 - i,
  }))
  insights.locations = [
    { key: 'GB|England|London', value: 3 },
    { key: 'FR|Île-de-France|Paris', value: 1 },
    { key: 'FR||', value: 2 },
  ]
  insights.errormessages = [
    { key: 'ERROR_INSIGHTS_NOT_AVAILABLE', value: 2 },
    { key: 'HTTP 404', value: 1 },
  ]
  return answer(insights, { lastrollup: { day: '2026-10-31', at: '2026-11-01T01:05:00.000Z' } })
}

function open(load: LoadInsights, address = '/insights?month=2026-10') {
  renderAt(address, <Insights load={load} />)
}

describe('the Insights screen', () => {
  it("draws the month's charts, each with its table, and the lists", async () => {
    const load = vi.fn(() => Promise.resolve(october()))
    open(load)
    const traffic = await screen.findByTestId('chart-traffic')
    expect(load).toHaveBeenCalledWith('2026-10', false)
    // 31 days along the axis, the table behind the chart giving each day's value.
    const rows = within(traffic).getAllByRole('row')
    expect(rows).toHaveLength(32)
    expect(rows[2]!.textContent).toContain('9')
    expect(
      within(screen.getByTestId('chart-sessions')).getAllByText(/New|Returning/).length,
    ).toBeGreaterThan(1)
    expect(screen.getAllByText('Firefox').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Search').length).toBeGreaterThan(0)
    const countries = screen.getByTestId('top-countries')
    expect(
      within(countries)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Country'), '1France3', '2United Kingdom3']) // a tie goes by code
    expect(
      within(screen.getByTestId('top-cities')).getByText('London, England, United Kingdom'),
    ).toBeTruthy()
    const messages = within(screen.getByTestId('top-errormessages'))
    expect(
      messages.getByText('Unable to View Insights. (ERROR_INSIGHTS_NOT_AVAILABLE)'),
    ).toBeTruthy()
    expect(screen.getByTestId('dbip-credit')).toBeTruthy()
  })

  it('says when the last roll-up ran, and that a finished month has no live day', async () => {
    open(() => Promise.resolve(october()))
    const last = await screen.findByTestId('insights-last-rollup')
    expect(last.textContent).toMatch(/^Last roll-up: October 31, stored Nov 1, 2026, \d+:\d\d/)
    expect(screen.queryByTestId('insights-live-days')).toBeNull()
  })

  it('names the live days, today among them, and a month with no roll-up yet', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const month = today.slice(0, 7)
    // Yesterday too, when it is of this month: a finished day the roll-up has not stored yet.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const days = [...(yesterday.startsWith(month) ? [yesterday] : []), today]
    const load = vi.fn(() => Promise.resolve(answer(emptyInsights(month), { livedays: days })))
    open(load, `/insights?month=${month}`)
    const live = await screen.findByTestId('insights-live-days')
    expect(live.textContent).toMatch(
      /^Live (\w+ \d+ and )?Today: counted as visits come in; the hourly roll-up stores a day from an hour after it ends \(UTC\)\.$/,
    )
    expect(screen.getByTestId('insights-last-rollup').textContent).toBe(
      'No day of this month is rolled up yet.',
    )
  })

  it('shows five rows of a top list a page, and the next five on page 2', async () => {
    open(() => Promise.resolve(october()))
    const entries = await screen.findByTestId('top-entrypages')
    expect(within(entries).getAllByRole('row')).toHaveLength(6)
    fireEvent.click(within(entries).getByTestId('page-2'))
    const rows = within(entries).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['6/page-65', '7/page-74'])
  })

  it('changes month with the picker, and keeps it in the address', async () => {
    const load = vi.fn((month: string) => Promise.resolve(answer(emptyInsights(month))))
    open(load)
    await screen.findByTestId('chart-traffic')
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    await waitFor(() => expect(load).toHaveBeenLastCalledWith('2026-09', false))
    expect(screen.getByTestId('address').textContent).toBe('/insights?month=2026-09')
    expect((await screen.findAllByText('Nothing this month.')).length).toBe(5)
  })

  it('shows this month by default, and for a month that is not one', async () => {
    const load = vi.fn((month: string) => Promise.resolve(answer(emptyInsights(month))))
    open(load, '/insights?month=__proto__')
    await screen.findByTestId('chart-traffic')
    expect(load).toHaveBeenCalledWith(monthOf(new Date()), true)
  })

  it('shows ERROR_INSIGHTS_NOT_AVAILABLE when the month cannot be read, and tries again', async () => {
    await expectTryAgain('/query/insights', october, (load) => open(load), 'chart-traffic')
  })
})
