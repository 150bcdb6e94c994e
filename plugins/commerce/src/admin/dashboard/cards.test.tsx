// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ClientContext } from '../../../../../admin-ui/src/app/client.js'
import { fakeClient, type FakeAnswer } from '../../../../../admin-ui/src/app/test-client.js'
import type { LowStockAnswer, OrdersSummary } from '../../shared/orders.js'
import LowStockCard from './LowStockCard.js'
import OrdersCard from './OrdersCard.js'

afterEach(cleanup)

function mount(card: ReactNode, answer: FakeAnswer) {
  const { client } = fakeClient(() => answer)
  const router = createMemoryRouter([{ path: '*', element: card }])
  render(
    <ClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </ClientContext.Provider>,
  )
}

const USD = { id: 'usd', code: 'USD', places: 2 }
const EUR = { id: 'eur', code: 'EUR', places: 2 }
const SUMMARY: OrdersSummary = {
  today: [{ currency: USD, count: 3, total: 12_345, refunded: 0 }],
  week: [
    { currency: USD, count: 10, total: 99_900, refunded: 500 },
    { currency: EUR, count: 2, total: 4_000, refunded: 0 },
  ],
  toFulfil: 7,
  partlyShipped: 1,
}

describe("the dashboard's orders card", () => {
  it('shows the day and the week per currency, and links the orders to ship to the list', async () => {
    mount(<OrdersCard />, (path) => (path === '/orders/summary' ? SUMMARY : 404))
    expect((await screen.findByTestId('orders-today')).textContent).toContain('3')
    expect(screen.getByTestId('sales-today').textContent).toContain('$123.45')
    expect(screen.getByTestId('orders-week').textContent).toContain('12')
    // Dollars and euros side by side, never added together.
    expect(screen.getByTestId('sales-week').textContent).toContain('$999.00 · €40.00')
    expect(screen.getByTestId('orders-to-fulfil').getAttribute('href')).toBe(
      '/orders?filter=toFulfil',
    )
    expect(screen.getByTestId('orders-card').querySelector('h2 a')?.getAttribute('href')).toBe(
      '/orders',
    )
  })

  it('says a quiet day is quiet, and shows a refusal in the card', async () => {
    mount(<OrdersCard />, () => ({ ...SUMMARY, today: [] }))
    expect((await screen.findByTestId('sales-today')).textContent).toContain('–')
    cleanup()
    mount(<OrdersCard />, () => 403)
    expect((await screen.findByRole('alert')).textContent).toMatch(/access/i)
  })
})

describe("the dashboard's low stock card", () => {
  const LOW: LowStockAnswer = {
    threshold: 5,
    count: 7,
    items: [
      { id: 'anchor-mug', name: 'Anchor Mug', available: 0, threshold: 5 },
      { id: 'blue-mug', name: 'Blue Mug', available: 3, threshold: 5 },
    ],
  }

  it('lists items by name with what is left, each linking to its record', async () => {
    mount(<LowStockCard />, (path) => (path === '/orders/lowstock' ? LOW : 404))
    const items = await screen.findByTestId('low-stock-items')
    const rows = [...items.querySelectorAll('li')].map((row) => [
      row.querySelector('a')?.getAttribute('href'),
      row.textContent,
    ])
    expect(rows).toEqual([
      ['/data/item/anchor-mug', 'Anchor MugSold out'],
      ['/data/item/blue-mug', 'Blue Mug3 left'],
    ])
    expect(screen.getByTestId('low-stock-more').textContent).toBe('7 items in all')
  })

  it('says when nothing is low', async () => {
    mount(<LowStockCard />, () => ({ threshold: 5, count: 0, items: [] }))
    expect((await screen.findByTestId('low-stock-empty')).textContent).toBe(
      'No item is low on stock.',
    )
  })
})
