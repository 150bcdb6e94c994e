// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteSettingsContext, siteSettingsOf } from '@shopwright/admin-ui/kit'
import type { SiteSettings } from '@shopwright/admin-ui/registry'
import { renderAt } from '@shopwright/admin-ui/testing'
import { QueryError } from '@shopwright/client'
import { ClientContext } from '../../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../../admin-ui/src/app/test-client.js'
import '../../shared/errors.js'
import OrdersScreen, { Orders } from './OrdersScreen.js'
import type { OrdersApi } from './orders-api.js'
import { fakeApi, orderRow } from './testing/order-fixtures.js'

afterEach(cleanup)

function Opened() {
  return <p data-testid="opened">{useParams().id}</p>
}

function open(api: OrdersApi, address = '/orders') {
  return renderAt(address, <Orders api={api} />, [{ path: '/orders/:id', element: <Opened /> }])
}

const address = () => screen.getByTestId('address').textContent

describe('the orders list', () => {
  it('shows number, date, customer with e-mail, readable status and money, with the totals of all that match', async () => {
    open(
      fakeApi([
        [
          orderRow('SO10002', { name: 'Grace Hopper', email: 'grace@example.com', total: 1999 }),
          orderRow('SO10001', {
            fulfilment: 'partial',
            payment: 'paid',
            refunded: 500,
            total: 4250,
          }),
        ],
      ]),
    )
    const table = await screen.findByTestId('orders-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Date', 'Customer', 'Status', 'Total'])
    const [, first, second] = within(table).getAllByRole('row')
    expect(first!.textContent).toContain('SO10002')
    expect(first!.textContent).toContain('Grace Hopper')
    expect(first!.textContent).toContain('grace@example.com')
    expect(first!.textContent).toContain('Unfulfilled')
    expect(first!.textContent).toContain('Payment received')
    expect(first!.textContent).toContain('$19.99')
    expect(first!.textContent).not.toContain('refunded')
    expect(second!.textContent).toContain('Partly shipped')
    expect(second!.textContent).toContain('Partly refunded')
    expect(second!.textContent).toContain('$42.50')
    expect(second!.textContent).toContain('$5.00 refunded')
    expect(within(first!).getByRole('link', { name: 'SO10002' }).getAttribute('href')).toBe(
      '/orders/SO10002',
    )
    const summary = screen.getByTestId('orders-summary').textContent
    expect(summary).toContain('2 orders')
    expect(summary).toContain('$62.49')
    expect(summary).toContain('($5.00 refunded)')
  })

  it('keeps the tab, the search and the dates in the address, and asks for what they say', async () => {
    const api = fakeApi([[orderRow('SO10001')]])
    open(api)
    await screen.findByTestId('row-SO10001')
    fireEvent.click(screen.getByTestId('filter-toFulfil'))
    await waitFor(() => expect(address()).toBe('/orders?filter=toFulfil'))
    expect(screen.getByTestId('filter-toFulfil').getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('filter-all').getAttribute('aria-pressed')).toBe('false')
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ filter: 'toFulfil' }, 100))

    fireEvent.change(screen.getByTestId('orders-search'), { target: { value: 'ada ' } })
    await waitFor(() => expect(address()).toBe('/orders?filter=toFulfil&q=ada'))
    // The space typed stays in the box while the list is of "ada".
    expect((screen.getByTestId('orders-search') as HTMLInputElement).value).toBe('ada ')
    fireEvent.change(screen.getByTestId('orders-from'), { target: { value: '2026-03-01' } })
    fireEvent.change(screen.getByTestId('orders-to'), { target: { value: '2026-03-31' } })
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        {
          filter: 'toFulfil',
          q: 'ada',
          from: '2026-03-01',
          to: '2026-03-31',
        },
        100,
      ),
    )
    fireEvent.click(screen.getByTestId('clear-dates'))
    await waitFor(() => expect(address()).toBe('/orders?filter=toFulfil&q=ada'))
  })

  it('opens on the filters a link or a reload gives, and goes back through them', async () => {
    const api = fakeApi([[orderRow('SO10001')]])
    const router = open(api, '/orders?filter=cancelled&q=grace')
    await screen.findByTestId('row-SO10001')
    expect(api.list).toHaveBeenCalledWith({ filter: 'cancelled', q: 'grace' }, 100)
    expect((screen.getByTestId('orders-search') as HTMLInputElement).value).toBe('grace')
    fireEvent.click(screen.getByTestId('filter-shipped'))
    await waitFor(() => expect(address()).toBe('/orders?filter=shipped&q=grace'))
    await router.navigate(-1)
    await waitFor(() => expect(address()).toBe('/orders?filter=cancelled&q=grace'))
    expect(screen.getByTestId('filter-cancelled').getAttribute('aria-pressed')).toBe('true')
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith({ filter: 'cancelled', q: 'grace' }, 100),
    )
  })

  it('loads more with the next cursor, and opens an order from its row', async () => {
    const api = fakeApi([[orderRow('SO10003'), orderRow('SO10002')], [orderRow('SO10001')]])
    open(api)
    const table = await screen.findByTestId('orders-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    fireEvent.click(screen.getByTestId('load-more'))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    expect(api.list).toHaveBeenLastCalledWith({ after: '1' }, 100)
    expect(screen.queryByTestId('load-more')).toBeNull()
    fireEvent.click(screen.getByTestId('row-SO10001'))
    expect((await screen.findByTestId('opened')).textContent).toBe('SO10001')
  })

  it('says when nothing matches, and clears the filters', async () => {
    const api = fakeApi([[]])
    open(api, '/orders?filter=refunded&q=nobody')
    expect((await screen.findByTestId('table-empty')).textContent).toContain(
      'No orders match these filters.',
    )
    fireEvent.click(screen.getByTestId('clear-filters'))
    await waitFor(() => expect(address()).toBe('/orders'))
    expect((await screen.findByTestId('table-empty')).textContent).toContain('No orders yet.')
  })

  it('shows the spec’s title and the server’s message when the list cannot be read, and tries again', async () => {
    const api = fakeApi([[orderRow('SO10001')]])
    api.list.mockImplementationOnce(() =>
      Promise.reject(
        new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: '/query/orders/list' }),
      ),
    )
    open(api)
    const error = await screen.findByTestId('error-view')
    expect(error.textContent).toContain('Unable to View Orders.')
    fireEvent.click(screen.getByTestId('retry'))
    expect(await screen.findByTestId('row-SO10001')).toBeTruthy()
  })

  it('drops an answer for filters no longer shown', async () => {
    const api = fakeApi([[orderRow('SO10001')]])
    let answerOld: (value: Awaited<ReturnType<OrdersApi['list']>>) => void = () => {}
    api.list.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
    open(api)
    fireEvent.click(screen.getByTestId('filter-shipped'))
    await screen.findByTestId('row-SO10001')
    answerOld({ data: [orderRow('SO99999')], next: null, count: 1, totals: [] })
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2))
    expect(screen.queryByTestId('row-SO99999')).toBeNull()
  })
})

/** The shell's settings as a test changes them: null (still reading) until `settle` is called. */
let settle: (settings: SiteSettings) => void = () => undefined
function Shell({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings | null>(null)
  settle = setSettings
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>
}

describe('the orders list’s page size', () => {
  /** The screen over the `/query` client, under the shell's settings; answers what it asked. */
  function openSized(adminlist: number) {
    const { client, calls } = fakeClient(() => (path) => {
      if (path.startsWith('/orders/list'))
        return { data: [orderRow('SO10001')], next: null, count: 1, totals: [] }
      return 404
    })
    renderAt(
      '/orders',
      <ClientContext.Provider value={client}>
        <SiteSettingsContext.Provider value={siteSettingsOf({ pageSizes: { adminlist } })}>
          <OrdersScreen />
        </SiteSettingsContext.Provider>
      </ClientContext.Provider>,
    )
    return calls
  }

  it('asks the pagination configuration’s admin list size (7 here)', async () => {
    const calls = openSized(7)
    await screen.findByTestId('row-SO10001')
    expect(calls.filter((call) => call.startsWith('/orders/list'))).toEqual([
      '/orders/list?limit=7',
    ])
  })

  it('asks at most the server’s 100 a page when the configured size is larger', async () => {
    const calls = openSized(500)
    await screen.findByTestId('row-SO10001')
    expect(calls.filter((call) => call.startsWith('/orders/list'))).toEqual([
      '/orders/list?limit=100',
    ])
  })

  it('asks nothing while the shell reads the configuration, then the first page once', async () => {
    const api = fakeApi([[orderRow('SO10003'), orderRow('SO10002')], [orderRow('SO10001')]])
    renderAt(
      '/orders?filter=toFulfil',
      <Shell>
        <Orders api={api} />
      </Shell>,
    )
    await screen.findByTestId('orders')
    fireEvent.click(screen.getByTestId('refresh'))
    expect(api.list).not.toHaveBeenCalled()
    act(() => settle(siteSettingsOf({ pageSizes: { adminlist: 2 } })))
    await screen.findByTestId('row-SO10002')
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-SO10001')
    expect(api.list.mock.calls).toEqual([
      [{ filter: 'toFulfil' }, 2],
      [{ filter: 'toFulfil', after: '1' }, 2],
    ])
  })
})
