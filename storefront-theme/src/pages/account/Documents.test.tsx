// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { failure, pageProps, renderPage } from '../../test/harness.js'
import type { DocumentAnswer } from './document-answer.js'
import { Invoice } from './Invoice.js'
import { Invoices } from './Invoices.js'
import { Order } from './Order.js'
import { OrderByLink } from './OrderByLink.js'
import { Orders } from './Orders.js'

afterEach(cleanup)

const order: DocumentAnswer = {
  id: 'SO10001',
  tranid: 'SO10001',
  trandate: '2026-11-26T10:00:00.000Z',
  status: 'Pending Fulfillment',
  currency: { id: 'eur', text: 'EUR' },
  subtotal: 1234.5,
  taxtotal: 0,
  shipping_rate: 0,
  total: 1234.5,
  shipmethod: { id: 'standard', text: 'Standard' },
  shipaddress: 'Ada\n1 Main Street\n69001 Lyon\nFR',
  billaddress: 'Ada\n1 Main Street\n69001 Lyon\nFR',
  ccnumber: '************1111',
  paymentmethod: 'Visa',
  item: {
    lines: [
      {
        item: { type: 'item', id: 'ceramic-mug' },
        itemid: 'Ceramic Mug',
        displayname: 'Ceramic Mug',
        quantity: 12,
        rate: 16.2,
        amount: 194.4,
        tax: 0,
        grossamt: 194.4,
        taxcode: 'standard',
        units: 'Each',
      },
    ],
  },
}
const invoice: DocumentAnswer = {
  ...order,
  id: 'INV10001',
  tranid: 'INV10001',
  status: 'Paid In Full',
  duedate: '2026-11-26T10:00:00.000Z',
  amountremaining: 0,
  createdfrom: { type: 'salesorder', id: 'SO10001' },
}
const page = (data: DocumentAnswer[], pages = 1) => ({
  body: { data, page: 1, pages, pagesize: 50, total: data.length },
})

describe("the account's orders and invoices", () => {
  it('lists orders from the ns call: number, date, status and total in their own currency', async () => {
    const { calls } = renderPage(<Orders {...pageProps('/account/orders')} />, {
      routes: { 'GET /ns/data/list/salesorder': page([order], 3) },
      href: '/account/orders',
    })
    const row = await screen.findByTestId('document-row')
    expect(Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)).toEqual([
      'SO10001',
      'Nov 26, 2026',
      'Pending Fulfillment',
      '€1,234.50',
    ])
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/account/order/SO10001')
    expect(calls[0]!.path).toBe('/ns/data/list/salesorder?page=1&pagesize=50')
    expect(screen.getByTestId('pager')).toBeTruthy()
  })

  it('asks for the page of the address', async () => {
    const { calls } = renderPage(
      <Invoices {...pageProps('/account/invoices', {}, { page: '2' })} />,
      {
        routes: { 'GET /ns/data/list/invoice': page([invoice], 2) },
        href: '/account/invoices?page=2',
      },
    )
    await screen.findByTestId('document-row')
    expect(calls[0]!.path).toBe('/ns/data/list/invoice?page=2&pagesize=50')
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
  })

  it('says when there are none', async () => {
    renderPage(<Orders {...pageProps('/account/orders')} />, {
      routes: { 'GET /ns/data/list/salesorder': page([]) },
    })
    expect((await screen.findByTestId('orders-empty')).textContent).toBe('You have no orders yet.')
  })

  it('shows the list code as the title when the list fails', async () => {
    renderPage(<Invoices {...pageProps('/account/invoices')} />, {
      routes: { 'GET /ns/data/list/invoice': failure(404, 'ERROR_INVOICES_NOT_AVAILABLE') },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to View Invoices.' }),
    ).toBeTruthy()
    expect(screen.getByRole('alert')).toBeTruthy()
  })

  it('shows an order: its details, addresses, lines and totals', async () => {
    renderPage(<Order {...pageProps('/account/order/:id', { id: 'SO10001' })} />, {
      routes: { 'GET /ns/data/get/salesorder/SO10001': { body: order } },
    })
    const document = await screen.findByTestId('document')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order SO10001')
    expect(document.textContent).toContain('Visa ************1111')
    expect(document.textContent).toContain('1 Main Street')
    const line = screen.getByTestId('document-line')
    expect(Array.from(line.querySelectorAll('td'), (cell) => cell.textContent)).toEqual([
      'Ceramic Mug',
      '12',
      'Each',
      '€16.20',
      '€194.40',
      '€0.00',
    ])
    expect(screen.getByTestId('document-total').textContent).toBe('€1,234.50')
  })

  it("shows an order's way, Placed then Shipped then Completed, or that it was cancelled", async () => {
    const shown = async (statusid: string) => {
      renderPage(<Order {...pageProps('/account/order/:id', { id: 'SO10001' })} />, {
        routes: { 'GET /ns/data/get/salesorder/SO10001': { body: { ...order, statusid } } },
      })
      const progress = await screen.findByTestId('order-progress')
      const steps = Array.from(progress.querySelectorAll('li'))
      const text = steps.length
        ? steps.map((step) => `${step.className === 'sw-step-done' ? '+' : '-'}${step.textContent}`)
        : [progress.textContent]
      cleanup()
      return text
    }
    expect(await shown('pendingFulfillment')).toEqual(['+Placed', '-2Shipped', '-3Completed'])
    expect(await shown('pendingBilling')).toEqual(['+Placed', '+Shipped', '-3Completed'])
    expect(await shown('closed')).toEqual(['+Placed', '+Shipped', '+Completed'])
    expect(await shown('cancelled')).toEqual(['This order was cancelled: it will not be shipped.'])
  })

  it('opens the order of a link with its key, and says so when the key opens nothing', async () => {
    const key = 'k'.repeat(43)
    const { calls } = renderPage(
      <OrderByLink {...pageProps('/order/:id', { id: 'SO10001' }, { key })} />,
      { routes: { 'GET /ns/order/SO10001': { body: order } } },
    )
    expect((await screen.findByTestId('document-total')).textContent).toBe('€1,234.50')
    expect(calls.map((call) => call.path)).toEqual([`/ns/order/SO10001?key=${key}`])
    expect(screen.getByRole('link', { name: /Continue shopping/ }).getAttribute('href')).toBe('/')
    cleanup()
    renderPage(<OrderByLink {...pageProps('/order/:id', { id: 'SO10001' }, { key: 'wrong' })} />, {
      routes: { 'GET /ns/order/SO10001': failure(404, 'ERROR_ORDER_NOT_AVAILABLE') },
    })
    expect(await screen.findByText('Unable to View Order.')).toBeTruthy()
  })

  it('shows an invoice with its due amount and the order it came from', async () => {
    renderPage(<Invoice {...pageProps('/account/invoice/:id', { id: 'INV10001' })} />, {
      routes: { 'GET /ns/data/get/invoice/INV10001': { body: invoice } },
    })
    await screen.findByTestId('document')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice INV10001')
    expect(screen.getByTestId('document-status').textContent).toBe('Paid In Full')
    expect(screen.getByTestId('document-due').textContent).toBe('€0.00')
    expect(screen.getByRole('link', { name: 'SO10001' }).getAttribute('href')).toBe(
      '/account/order/SO10001',
    )
  })

  it("shows ERROR_ORDER_NOT_AVAILABLE's title for an order that is not the customer's", async () => {
    renderPage(<Order {...pageProps('/account/order/:id', { id: 'SO1' })} />, {
      routes: { 'GET /ns/data/get/salesorder/SO1': failure(404, 'ERROR_ORDER_NOT_AVAILABLE') },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to View Order.' }),
    ).toBeTruthy()
  })
})
