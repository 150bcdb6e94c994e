// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import '../../shared/errors.js'
import { Order } from './OrderScreen.js'
import type { OrdersApi } from './orders-api.js'
import { fakeApi, orderRow, orderView } from './testing/order-fixtures.js'

afterEach(cleanup)

function open(api: OrdersApi, canEdit = true) {
  renderAt('/orders/SO10001', <Order api={api} id="SO10001" canEdit={canEdit} />)
}

const refused = (code: string, status = 409) =>
  new QueryError(code, { status, url: '/query/orders/x/SO10001' })

describe('one order', () => {
  it('shows its number, status, customer, addresses, lines, payment, parcels and history by name', async () => {
    const view = orderView(
      {
        lines: [
          { line: 1, item: 'ceramic-mug', name: 'Ceramic Mug', quantity: 2, fulfilled: 1 },
          { line: 2, item: 'classic-tee', name: 'Classic Tee', quantity: 1, fulfilled: 0 },
        ],
        fulfilments: [
          {
            id: 1,
            time: Date.parse('2026-03-05T09:00:00Z'),
            carrier: 'UPS',
            tracking: '1Z999',
            lines: [{ line: 1, quantity: 1 }],
            actor: { key: 'employee|3', name: 'Mary Manager' },
          },
        ],
        history: [
          {
            time: Date.parse('2026-03-05T09:00:00Z'),
            kind: 'fulfilled',
            actor: { key: 'employee|3', name: 'Mary Manager' },
            details: { lines: [{ line: 1, quantity: 1 }], carrier: 'UPS', tracking: '1Z999' },
          },
          {
            time: Date.parse('2026-03-06T09:00:00Z'),
            kind: 'refunded',
            actor: { key: 'employee|3', name: 'Mary Manager' },
            details: { amount: 500, reason: 'chipped mug' },
          },
        ],
        payment: { provider: 'test', currency: 'usd', captured: 6100, refunded: 500 },
        refunds: [
          {
            id: 4,
            amount: 500,
            state: 'done',
            reason: 'chipped mug',
            creditmemo: 'CM10001',
            time: Date.parse('2026-03-06T09:00:00Z'),
            actor: { key: 'employee|3', name: 'Mary Manager' },
          },
        ],
      },
      { status: 'partiallyFulfilled' },
    )
    const api = fakeApi([[orderRow('SO10001', { fulfilment: 'partial', refunded: 500 })]], view)
    open(api)
    await screen.findByRole('heading', { level: 1, name: 'Order SO10001' })
    expect(screen.getByTestId('order-status').textContent).toBe('Partly shippedPartly refunded')
    const customer = screen.getByTestId('order-customer')
    expect(within(customer).getByTestId('customer-link').getAttribute('href')).toBe(
      '/data/customer/7',
    )
    expect(customer.textContent).toContain('Ada Lovelace')
    expect(customer.textContent).toContain('ada@example.com')
    expect(screen.getByText(/12 Analytical Row/).textContent).toContain('Boston MA 02110')
    expect(screen.getByText(/1 Ledger Lane/)).toBeTruthy()
    const mug = screen.getByTestId('order-line-1').textContent
    expect(mug).toBe('Ceramic Mug21 / 2$18.00$36.00')
    expect(screen.getByTestId('order-sums').textContent).toContain('$61.00')
    const payment = screen.getByTestId('order-payment')
    expect(payment.textContent).toContain('Visa •••• 4242')
    expect(within(payment).getByTestId('payment-refunded').textContent).toBe('$5.00')
    expect(payment.textContent).toContain('$56.00')
    expect(within(payment).getByTestId('creditmemo-link').getAttribute('href')).toBe(
      '/data/creditmemo/CM10001',
    )
    expect(screen.getByTestId('order-parcel').textContent).toContain('UPS · Tracking 1Z999')
    expect(screen.getByTestId('order-parcel').textContent).toContain('1 × Ceramic Mug')
    const history = screen.getAllByTestId('history-entry').map((entry) => entry.textContent)
    expect(history[0]).toContain('Shipped a parcel1 unit · UPS · 1Z999')
    expect(history[0]).toContain('by Mary Manager')
    expect(history[1]).toContain('Refunded$5.00 · chipped mug')
    expect(screen.getByTestId('order-history').textContent).toContain('Placed the order')
    // Partly shipped: no Cancel; what is left ships, and the card has money left to refund.
    expect(screen.getByTestId('action-fulfil')).toBeTruthy()
    expect(screen.getByTestId('action-refund')).toBeTruthy()
    expect(screen.getByTestId('action-resend')).toBeTruthy()
    expect(screen.queryByTestId('action-cancel')).toBeNull()
  })

  it('shows no action to staff who may not edit orders', async () => {
    open(fakeApi([]), false)
    await screen.findByRole('heading', { level: 1, name: 'Order SO10001' })
    expect(screen.queryByTestId('order-actions')).toBeNull()
  })

  it('offers nothing on a cancelled order whose money all went back', async () => {
    const view = orderView(
      { payment: { provider: 'test', currency: 'usd', captured: 6100, refunded: 6100 } },
      { status: 'cancelled' },
    )
    open(fakeApi([], view))
    await screen.findByRole('heading', { level: 1, name: 'Order SO10001' })
    expect(screen.queryByTestId('order-actions')).toBeNull()
    expect(screen.getByTestId('order-status').textContent).toContain('Cancelled')
  })

  it('fulfils the units chosen with carrier and tracking under one key, then reads the order again', async () => {
    const api = fakeApi([])
    open(api)
    fireEvent.click(await screen.findByTestId('action-fulfil'))
    expect((screen.getByTestId('fulfil-line-1') as HTMLInputElement).value).toBe('2')
    expect((screen.getByTestId('fulfil-line-2') as HTMLInputElement).value).toBe('1')
    fireEvent.change(screen.getByTestId('fulfil-line-1'), { target: { value: '5' } })
    fireEvent.click(screen.getByTestId('fulfil-ship'))
    await waitFor(() =>
      expect(screen.getByTestId('dialog-refusal').textContent).toBe(
        'Ship from 0 to 2 of Ceramic Mug.',
      ),
    )
    expect(api.fulfil).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('fulfil-line-1'), { target: { value: '1' } })
    fireEvent.change(screen.getByTestId('fulfil-line-2'), { target: { value: '0' } })
    fireEvent.change(screen.getByTestId('fulfil-carrier'), { target: { value: ' UPS ' } })
    fireEvent.change(screen.getByTestId('fulfil-tracking'), { target: { value: '1Z999' } })
    api.fulfil.mockImplementationOnce(() => Promise.reject(refused('ERROR_ORDER_FULFILLED')))
    fireEvent.click(screen.getByTestId('fulfil-ship'))
    await waitFor(() =>
      expect(screen.getByTestId('dialog-refusal').textContent).not.toContain('Ship from'),
    )
    expect(screen.getByTestId('dialog-refusal').textContent).not.toBe('')
    fireEvent.click(screen.getByTestId('fulfil-ship'))
    await waitFor(() => expect(api.fulfil).toHaveBeenCalledTimes(2))
    const calls = api.fulfil.mock.calls as unknown as Array<[string, object]>
    const [first, second] = calls.map(([, body]) => body)
    expect(first).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      lines: [{ line: 1, quantity: 1 }],
      carrier: 'UPS',
      tracking: '1Z999',
    })
    // The retry of one opening is the same action: the same key.
    expect(second).toEqual(first)
    expect((await screen.findByTestId('order-notice')).textContent).toBe('Shipped 1 unit.')
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2))
    expect(screen.queryByTestId('fulfil-ship')).toBeNull()

    // A new opening is a new action: a new key.
    fireEvent.click(screen.getByTestId('action-fulfil'))
    fireEvent.click(await screen.findByTestId('fulfil-ship'))
    await waitFor(() => expect(api.fulfil).toHaveBeenCalledTimes(3))
    const third = (api.fulfil.mock.calls as unknown as Array<[string, { key: string }]>)[2]![1]
    expect(third.key).not.toBe((first as { key: string }).key)
  })

  it('warns what cancelling does, sends the reason, and shows the server’s refusal', async () => {
    const api = fakeApi([])
    open(api)
    fireEvent.click(await screen.findByTestId('action-cancel'))
    const warning = screen.getByTestId('cancel-warning').textContent
    expect(warning).toContain('Every unit of the order goes back in stock.')
    expect(warning).toContain('$61.00 goes back to the card that paid.')
    fireEvent.change(screen.getByTestId('cancel-reason'), { target: { value: 'Customer asked' } })
    api.cancel.mockImplementationOnce(() => Promise.reject(refused('ERROR_ORDER_SHIPPED')))
    fireEvent.click(screen.getByTestId('cancel-confirm'))
    await waitFor(() => expect(screen.getByTestId('dialog-refusal').textContent).not.toBe(''))
    fireEvent.click(screen.getByTestId('cancel-confirm'))
    await waitFor(() => expect(api.cancel).toHaveBeenCalledTimes(2))
    expect(api.cancel.mock.calls[1]).toEqual([
      'SO10001',
      { key: expect.stringMatching(/^[A-Za-z0-9]{32}$/), reason: 'Customer asked' },
    ])
    expect((await screen.findByTestId('order-notice')).textContent).toBe(
      'Order SO10001 is cancelled; its units are back in stock.',
    )
  })

  it('refunds an amount typed in major units as minor units, never more than is left', async () => {
    const view = orderView({
      payment: { provider: 'test', currency: 'usd', captured: 6100, refunded: 1000 },
    })
    const api = fakeApi([], view)
    open(api)
    fireEvent.click(await screen.findByTestId('action-refund'))
    const amount = screen.getByTestId('refund-amount') as HTMLInputElement
    expect(amount.value).toBe('51.00')
    fireEvent.change(amount, { target: { value: '51.01' } })
    fireEvent.click(screen.getByTestId('refund-confirm'))
    expect(await screen.findByText('At most $51.00 can be refunded.')).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(amount, { target: { value: '12.5.0' } })
    fireEvent.click(screen.getByTestId('refund-confirm'))
    expect(await screen.findByText('Type an amount such as 1.00.')).toBeTruthy()
    expect(api.refund).not.toHaveBeenCalled()
    fireEvent.change(amount, { target: { value: '12,50' } })
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: 'chipped mug' } })
    fireEvent.click(screen.getByTestId('refund-confirm'))
    await waitFor(() => expect(api.refund).toHaveBeenCalledTimes(1))
    expect(api.refund.mock.calls[0]).toEqual([
      'SO10001',
      { key: expect.stringMatching(/^[A-Za-z0-9]{32}$/), amount: 1250, reason: 'chipped mug' },
    ])
    expect((await screen.findByTestId('order-notice')).textContent).toBe('Refunded $12.50.')
  })

  it('re-sends the confirmation after asking, to the address it names', async () => {
    const api = fakeApi([])
    open(api)
    fireEvent.click(await screen.findByTestId('action-resend'))
    expect(
      await screen.findByText('The order confirmation goes again to ada@example.com.'),
    ).toBeTruthy()
    fireEvent.click(screen.getByTestId('resend-confirm'))
    await waitFor(() => expect(api.resend).toHaveBeenCalledTimes(1))
    expect((await screen.findByTestId('order-notice')).textContent).toBe(
      'The confirmation was sent again.',
    )
  })

  it('shows the spec’s title when the order cannot be read', async () => {
    const api = fakeApi([])
    api.get.mockImplementation(() => Promise.reject(refused('ERROR_ORDER_NOT_AVAILABLE', 404)))
    open(api)
    expect((await screen.findByTestId('error-view')).textContent).toContain('Unable to View Order.')
  })
})
