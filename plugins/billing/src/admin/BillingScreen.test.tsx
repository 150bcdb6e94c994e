// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { daysOfMonth } from '@shopwright/core/shared'
import { BILLED_METERS, type BillingDetails, type BillingRecord } from '../shared/index.js'
import type { BillingApi } from './billing-api.js'
import { Billing } from './BillingScreen.js'
import '../shared/errors.js'

afterEach(cleanup)

/** The screen's clock: 26 November 2026. */
const NOW = () => new Date(Date.UTC(2026, 10, 26, 12))

const record = (date: string, meter: BillingRecord['meter'], usage: number, cost: number) =>
  ({ date, meter, description: meter, usage, unit: 'requests', cost }) as BillingRecord

function answer(month: string, list: BillingRecord[]): BillingDetails {
  const summary = BILLED_METERS.map((meter) => {
    const mine = list.filter((each) => each.meter === meter)
    return {
      meter,
      description: meter,
      usage: mine.reduce((sum, each) => sum + each.usage, 0),
      unit: meter === 'bytes' ? 'GB' : 'requests',
      cost: mine.reduce((sum, each) => sum + each.cost, 0),
    }
  })
  return {
    month,
    currency: 'GBP',
    days: daysOfMonth(month),
    list,
    summary,
    total: summary.reduce((sum, each) => sum + each.cost, 0),
    prices: [],
    today: month === '2026-11' ? '2026-11-26' : null,
  }
}

function open(api: BillingApi, at = '/billing') {
  renderAt(at, <Billing api={api} now={NOW} />)
}

const november = answer('2026-11', [
  record('2026-11-01', 'requests', 1_500_000, 0.6),
  record('2026-11-01', 'bytes', 2, 0.16),
  record('2026-11-26', 'requests', 500_000, 0.2),
])

describe('the Billing screen', () => {
  it('shows this month: the chart with its key, the table and the total', async () => {
    const details = vi.fn<BillingApi['details']>(() => Promise.resolve(november))
    open({ details, forget: vi.fn() })
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy() // the placeholder
    const chart = await screen.findByTestId('bar-chart')
    expect(details).toHaveBeenCalledWith('2026-11', true)
    // One series per meter used, in the key and as the hidden table's columns.
    const key = chart.querySelectorAll('.sw-chart-key li')
    expect([...key].map((item) => item.textContent)).toEqual(['Requests', 'Bytes sent'])
    const hidden = within(chart).getByRole('table')
    const rows = within(hidden).getAllByRole('row')
    expect(rows).toHaveLength(31) // a heading and 30 days
    expect(rows[1]!.textContent).toBe('1£0.60£0.16')
    expect(rows[26]!.textContent).toBe('26£0.20£0.00')
    expect(chart.querySelectorAll('rect').length).toBe(3)
    const table = screen.getByTestId('billing-table')
    const first = within(table).getAllByRole('row')[1]!
    expect(first.textContent).toBe('Requests2,000,000requests£0.80')
    expect(within(table).getAllByRole('row')).toHaveLength(1 + BILLED_METERS.length)
    expect(screen.getByTestId('billing-total-amount').textContent).toBe('£0.96')
    expect(screen.getByText(/Today’s figures so far/)).toBeTruthy()
  })

  it('changes month through the address with the month picker, and back to this month', async () => {
    const details = vi.fn<BillingApi['details']>((month) =>
      Promise.resolve(month === '2026-11' ? november : answer(month, [])),
    )
    open({ details, forget: vi.fn() })
    await screen.findByTestId('bar-chart')
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/billing?month=2026-10'),
    )
    expect(details).toHaveBeenLastCalledWith('2026-10', false)
    expect(await screen.findByTestId('billing-empty')).toBeTruthy()
    expect(screen.getByText('No usage this month.')).toBeTruthy()
    expect(screen.getByTestId('billing-total-amount').textContent).toBe('£0.00')
    expect(screen.queryByText(/Today’s figures so far/)).toBeNull()
    // The next month button is off on this month, on again on October.
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/billing'))
    expect(await screen.findByTestId('bar-chart')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  it('opens the month the address names, and this month for a malformed one', async () => {
    const details = vi.fn<BillingApi['details']>((month) => Promise.resolve(answer(month, [])))
    open({ details, forget: vi.fn() }, '/billing?month=2025-02')
    await screen.findByTestId('billing-empty')
    expect(details).toHaveBeenCalledWith('2025-02', false)
    cleanup()
    open({ details, forget: vi.fn() }, '/billing?month=../2025-13')
    await screen.findByTestId('billing-empty')
    expect(details).toHaveBeenLastCalledWith('2026-11', true)
  })

  it('shows ERROR_BILLING_NOT_AVAILABLE when the month cannot be loaded, and tries again', async () => {
    const details = vi
      .fn<BillingApi['details']>()
      .mockRejectedValueOnce(
        new QueryError('ERROR_DATA_CONNECTION', {
          status: 503,
          url: '/query/billing/details/2026-11',
        }),
      )
      .mockResolvedValue(november)
    const forget = vi.fn()
    open({ details, forget })
    expect(await screen.findByText('Unable to View Billing.')).toBeTruthy()
    expect(screen.getByText('Connection failed.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('retry'))
    expect(await screen.findByTestId('bar-chart')).toBeTruthy()
    expect(forget).toHaveBeenCalledTimes(1)
  })
})
