// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cart, cartLine, ceramicMug, classicTee, classicTeeByOption } from '../../test/fixtures.js'
import type { ItemAnswer } from '../../lib/commerce.js'
import {
  cartEvents,
  failure,
  pageProps,
  renderPage,
  type Call,
  type PageOptions,
} from '../../test/harness.js'
import { ItemView } from './ItemView.js'

afterEach(cleanup)

const props = pageProps('/item/:id')

/** The page of `item`, as its page extra brings it. */
const renderItem = (item: ItemAnswer, options: PageOptions = {}) =>
  renderPage(<ItemView {...props} />, { ...options, extra: { commerce: { item } } })

/** A route that notes each call in `calls` and answers `body`. */
const noting = (calls: Call[], body: unknown) => (call: Call) => {
  calls.push(call)
  return { body }
}

describe('the item page', () => {
  it('offers options as Colour and Size pickers, unavailable values marked, and adds the child they make', async () => {
    const added: Call[] = []
    renderItem(classicTeeByOption(), {
      routes: {
        'POST /cart/add': noting(added, cart([cartLine({ item: 'classic-tee-blue-m' })])),
      },
    })
    expect(screen.queryByTestId('child-chooser')).toBeNull()
    const colour = screen.getByTestId('picker-0')
    const size = screen.getByTestId('picker-1')
    expect(colour.querySelector('legend')!.textContent).toBe('Colour')
    expect(
      within(colour)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['Blue', 'Red'])
    fireEvent.click(screen.getByTestId('add-to-cart'))
    expect(await screen.findByText('Choose an option first.')).toBeTruthy()

    fireEvent.click(within(colour).getByRole('radio', { name: /Blue/ }))
    expect(colour.querySelector('legend')!.textContent).toBe('Colour: Blue')
    // Blue comes in M (in stock) and L (sold out).
    expect(screen.getByTestId('option-1-L').className).toContain('sw-option-out')
    expect(screen.getByTestId('option-1-M').className).not.toContain('sw-option-out')
    fireEvent.click(within(size).getByRole('radio', { name: /^L/ }))
    expect(screen.getByTestId('item-stock').textContent).toBe('Out of stock')
    expect(screen.getByTestId('item-sku').textContent).toBe('SKU: L')

    // Red has no L: picking Red clears the size rather than leaving a combination that is not.
    fireEvent.click(within(colour).getByRole('radio', { name: /Red/ }))
    expect((within(size).getByRole('radio', { name: /^L/ }) as HTMLInputElement).checked).toBe(
      false,
    )
    expect(screen.getByTestId('option-1-L').className).toContain('sw-option-out')
    fireEvent.click(within(colour).getByRole('radio', { name: /Blue/ }))
    fireEvent.click(within(size).getByRole('radio', { name: /^M/ }))
    expect(screen.getByTestId('item-stock').textContent).toBe('In stock')
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await screen.findByTestId('added-dialog')
    expect((added[0]!.body as { item: string }).item).toBe('classic-tee-blue-m')
  })

  it('offers an e-mail when an option is out of stock, checked before it is sent', async () => {
    const asked: Call[] = []
    renderItem(classicTeeByOption(), {
      routes: {
        'POST /stock/alert': noting(asked, { ok: true }),
      },
    })
    const colour = screen.getByTestId('picker-0')
    const size = screen.getByTestId('picker-1')
    fireEvent.click(within(colour).getByRole('radio', { name: /Blue/ }))
    fireEvent.click(within(size).getByRole('radio', { name: /^M/ }))
    expect(screen.queryByTestId('stock-alert')).toBeNull()
    fireEvent.click(within(size).getByRole('radio', { name: /^L/ }))
    const form = screen.getByTestId('stock-alert')
    fireEvent.change(within(form).getByTestId('stock-alert-email'), {
      target: { value: 'not an e-mail' },
    })
    fireEvent.click(within(form).getByTestId('stock-alert-submit'))
    expect((await within(form).findByRole('alert')).textContent).toBe('Invalid email address.')
    expect(asked).toEqual([])
    fireEvent.change(within(form).getByTestId('stock-alert-email'), {
      target: { value: ' Zoe@Example.com ' },
    })
    fireEvent.click(within(form).getByTestId('stock-alert-submit'))
    await screen.findByTestId('stock-alert-done')
    expect(asked.map((call) => call.body)).toEqual([
      { item: 'classic-tee-blue-l', email: 'zoe@example.com' },
    ])
  })

  it("asks a signed-in customer's alert with one click, at their own address", async () => {
    const asked: Call[] = []
    renderItem(classicTeeByOption(), {
      account: { type: 'customer', id: '1', name: 'Ada' },
      routes: {
        'POST /stock/alert': noting(asked, { ok: true }),
      },
    })
    fireEvent.click(within(screen.getByTestId('picker-0')).getByRole('radio', { name: /Blue/ }))
    fireEvent.click(within(screen.getByTestId('picker-1')).getByRole('radio', { name: /^L/ }))
    expect(screen.queryByTestId('stock-alert-email')).toBeNull()
    fireEvent.click(screen.getByTestId('stock-alert-submit'))
    await screen.findByTestId('stock-alert-done')
    expect(asked.map((call) => call.body)).toEqual([{ item: 'classic-tee-blue-l' }])
  })

  it('sends an add whose answer was lost again with its key, and a new add with a new one', async () => {
    const added: Call[] = []
    renderItem(ceramicMug(), {
      routes: {
        'POST /cart/add': (call: Call) => {
          added.push(call)
          return added.length === 1
            ? failure(503, 'ERROR_DATA_CONNECTION')
            : { body: cart([cartLine({ item: 'ceramic-mug' })]) }
        },
      },
    })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await waitFor(() => expect(added).toHaveLength(1))
    fireEvent.click(await screen.findByTestId('alert-ok'))
    await waitFor(() =>
      expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await waitFor(() => expect(added).toHaveLength(2))
    await screen.findByTestId('added-dialog')
    const keys = added.map((call) => (call.body as { key: string }).key)
    expect(keys[1]).toBe(keys[0])
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await waitFor(() => expect(added).toHaveLength(3))
    expect((added[2]!.body as { key: string }).key).not.toBe(keys[0])
  })

  it('shows the quantity-break table and the price for the quantity typed', () => {
    renderItem(ceramicMug())
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ceramic Mug')
    expect(screen.queryByTestId('item-sku')).toBeNull()
    const table = screen.getByTestId('break-table')
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1+', '10+', '50+', '$18.00', '$16.20', '$14.40'])
    expect(screen.getByTestId('item-price').textContent).toBe('$18.00')
    fireEvent.change(screen.getByTestId('item-quantity'), { target: { value: '12' } })
    expect(screen.getByTestId('item-price').textContent).toBe('$16.20')
    expect(screen.getByTestId('item-total').textContent).toBe('12 × $16.20 = $194.40')
    const current = table.querySelectorAll('[aria-current=true]')
    expect(Array.from(current, (cell) => cell.textContent)).toEqual(['10+', '$16.20'])
  })

  it('needs an option of an item with children, by what tells them apart, with their stock', async () => {
    const added: Call[] = []
    // The server prices a parent at its options' lowest one-unit price: the page shows it as is.
    const tee = { ...classicTee(), price: { amount: 2200, currency: 'usd' } }
    const { calls } = renderItem(tee, {
      routes: {
        'POST /cart/add': (call) => {
          added.push(call)
          return {
            body: cart([
              cartLine({ item: 'classic-tee-red-m', rate: 2400, amount: 4800, quantity: 2 }),
            ]),
          }
        },
      },
    })
    expect(screen.getByTestId('item-price').textContent).toBe('From $22.00')
    // The parent's item id is its name: no sku line until an option is chosen.
    expect(screen.queryByTestId('item-sku')).toBeNull()
    const chooser = screen.getByTestId('child-chooser')
    expect(
      within(chooser)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Blue / M25 in stock', 'Blue / LOut of stock', 'Red / M12 in stock'])
    expect(within(chooser).getByRole('radio', { name: /Blue \/ L/ })).toHaveProperty(
      'disabled',
      true,
    )

    fireEvent.click(screen.getByTestId('add-to-cart'))
    expect(await screen.findByText('Choose an option first.')).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.click(within(chooser).getByRole('radio', { name: /Red \/ M/ }))
    // The option's own picture shows.
    expect(screen.getByTestId('gallery-zoom').querySelector('img')!.getAttribute('alt')).toBe(
      'classic-tee-red',
    )
    expect(screen.getByTestId('item-stock').textContent).toBe('In stock')
    expect(screen.getByTestId('item-price').textContent).toBe('$24.00')
    expect(screen.getByTestId('item-sku').textContent).toBe('SKU: M')
    fireEvent.change(screen.getByTestId('item-quantity'), { target: { value: '2' } })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await screen.findByTestId('added-dialog')
    expect(added.map((call) => call.body)).toEqual([
      { item: 'classic-tee-red-m', quantity: 2, key: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ])
  })

  it('adds to the cart, tells the header the new count and confirms what went in', async () => {
    const events = cartEvents()
    renderItem(ceramicMug(), {
      routes: { 'POST /cart/add': { body: cart([cartLine()]) } },
    })
    fireEvent.change(screen.getByTestId('item-quantity'), { target: { value: '12' } })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    const dialog = await screen.findByTestId('added-dialog')
    await waitFor(() => expect(dialog.textContent).toContain('Added to your cart'))
    expect(screen.getByTestId('added-amount').textContent).toBe('$16.20 each · $194.40')
    expect(screen.getByTestId('view-cart').getAttribute('href')).toBe('/cart')
    expect(events.counts).toEqual([1])
    events.stop()
  })

  it("shows the server's refusal under 'Unable to Add'", async () => {
    renderItem(ceramicMug(), {
      routes: {
        'POST /cart/add': {
          status: 409,
          body: { ok: false, message: 'ERROR_CARTLINE_NOT_AVAILABLE' },
        },
      },
    })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    const alert = await screen.findByRole('alertdialog')
    expect(alert.textContent).toContain('Unable to Add')
    expect(alert.textContent).toContain('This item cannot be purchased.')
  })

  it('refuses a quantity outside 1 to 999 before asking the server', async () => {
    const { calls } = renderItem(ceramicMug())
    fireEvent.change(screen.getByTestId('item-quantity'), { target: { value: '1000' } })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    expect(await screen.findByText('Enter a quantity from 1 to 999.')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('opens the zoom dialog on the main image; the arrows move and Escape closes it', async () => {
    renderItem(ceramicMug())
    const opener = screen.getByTestId('gallery-zoom')
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByTestId('zoom-dialog')
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(within(dialog).getByText('Image 1 of 2')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByTestId('zoom-close'))
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(within(dialog).getByText('Image 2 of 2')).toBeTruthy()
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(within(dialog).getByText('Image 1 of 2')).toBeTruthy()
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' })
    expect(within(dialog).getByText('Image 2 of 2')).toBeTruthy()
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(dialog.hasAttribute('open')).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it("shows an item's sku when its item id is not its name", () => {
    renderItem({ ...ceramicMug(), itemid: 'Mugs : CM-350' })
    expect(screen.getByTestId('item-sku').textContent).toBe('SKU: CM-350')
  })

  it('shows the not-available title without its page extra', () => {
    renderPage(<ItemView {...props} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unable to View Item.')
  })
})
