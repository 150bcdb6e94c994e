// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cart, cartLine } from '../../test/fixtures.js'
import { cartEvents, failure, pageProps, renderPage } from '../../test/harness.js'
import { Cart } from './Cart.js'

afterEach(cleanup)

const props = pageProps('/cart')
const mug = cartLine()
const tee = cartLine({
  id: 'line2',
  item: 'classic-tee-red-m',
  displayname: 'Classic Tee, Red, M',
  itemid: 'Classic Tee : Red : M',
  sku: 'M',
  quantity: 1,
  rate: 2400,
  amount: 2400,
})

describe('the cart page', () => {
  it('tells when a line costs more or less than when it was added', async () => {
    const dearer = { ...tee, was: 2200, now: 2400 }
    const cheaper = { ...mug, was: 2000, now: 1800 }
    renderPage(<Cart {...props} />, {
      routes: { 'GET /cart/get': { body: cart([cheaper, dearer]) } },
    })
    const notices = await screen.findAllByTestId('line-price-changed')
    expect(notices.map((notice) => notice.textContent)).toEqual([
      'Price dropped since you added it: $18.00, was $20.00',
      'Price changed since you added it: $24.00, was $22.00',
    ])
  })

  it('shows each line at its break price, the totals with free shipping, and Checkout', async () => {
    renderPage(<Cart {...props} />, { routes: { 'GET /cart/get': { body: cart([mug, tee]) } } })
    const lines = await screen.findAllByTestId('cart-line')
    expect(lines).toHaveLength(2)
    expect(within(lines[0]!).getByTestId('line-rate').textContent).toBe('$16.20 each')
    expect(within(lines[0]!).getByTestId('line-amount').textContent).toBe('$194.40')
    expect((within(lines[0]!).getByTestId('line-quantity') as HTMLInputElement).value).toBe('12')
    expect(within(lines[1]!).getByText('SKU: M')).toBeTruthy()
    expect(within(lines[1]!).queryByText(/Classic Tee : Red : M/)).toBeNull()
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$218.40')
    expect(screen.getByTestId('cart-shipping').textContent).toBe('Free')
    expect(screen.getByTestId('cart-total').textContent).toBe('$218.40')
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBe('/checkout')
  })

  it('changes a quantity and removes a line, telling the header the count after each', async () => {
    const events = cartEvents()
    const { calls } = renderPage(<Cart {...props} />, {
      routes: {
        'GET /cart/get': { body: cart([mug, tee]) },
        'POST /cart/update/line2': { body: cart([mug, { ...tee, quantity: 2, amount: 4800 }]) },
        'POST /cart/remove/line1': { body: cart([{ ...tee, quantity: 2, amount: 4800 }]) },
      },
    })
    const lines = await screen.findAllByTestId('cart-line')
    fireEvent.click(within(lines[1]!).getByTestId('line-plus'))
    await waitFor(() => expect(screen.getByTestId('cart-subtotal').textContent).toBe('$242.40'))
    fireEvent.click(within(lines[0]!).getByTestId('line-remove'))
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/cart/update/line2', body: { quantity: 2 } },
      { method: 'POST', path: '/cart/remove/line1', body: {} },
    ])
    expect(events.counts).toEqual([2, 2, 1])
    events.stop()
  })

  it('sends a typed quantity when the field is left', async () => {
    const { calls } = renderPage(<Cart {...props} />, {
      routes: {
        'GET /cart/get': { body: cart([mug]) },
        'POST /cart/update/line1': {
          body: cart([{ ...mug, quantity: 50, rate: 1440, amount: 72000 }]),
        },
      },
    })
    const input = (await screen.findByTestId('line-quantity')) as HTMLInputElement
    fireEvent.change(input, { target: { value: '50' } })
    fireEvent.blur(input)
    await waitFor(() => expect(screen.getByTestId('line-rate').textContent).toBe('$14.40 each'))
    expect(input.value).toBe('50')
    // The writes only: reads the page makes on its own may land before or after the blur.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/cart/update/line1', body: { quantity: 50 } },
    ])
  })

  it('says why a line cannot be bought, and holds Checkout back', async () => {
    const short = { ...mug, purchasable: false, problem: 'stock' as const, available: 4 }
    renderPage(<Cart {...props} />, { routes: { 'GET /cart/get': { body: cart([short]) } } })
    expect((await screen.findByTestId('line-problem')).textContent).toBe('Only 4 in stock.')
    expect(screen.getByTestId('checkout-button')).toHaveProperty('disabled', true)
  })

  it('shows a failed change under its title, then the cart as it is', async () => {
    let reads = 0
    renderPage(<Cart {...props} />, {
      routes: {
        'GET /cart/get': () => ({ body: cart(reads++ === 0 ? [mug] : []) }),
        'POST /cart/remove/line1': failure(404, 'ERROR_CARTLINE_NOT_FOUND'),
      },
    })
    fireEvent.click(await screen.findByTestId('line-remove'))
    const alert = await screen.findByRole('alertdialog')
    expect(alert.textContent).toContain('Unable to Delete')
    expect(alert.textContent).toContain('The cart line could not be found.')
    fireEvent.click(screen.getByTestId('alert-ok'))
    await screen.findByTestId('cart-empty')
  })

  it('says when the cart is empty', async () => {
    renderPage(<Cart {...props} />, { routes: { 'GET /cart/get': { body: cart([]) } } })
    expect((await screen.findByTestId('cart-empty')).textContent).toContain('Your cart is empty.')
  })
})
