// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckoutAnswer, PlacedOrder } from '../../lib/commerce.js'
import { cart, review } from '../../test/fixtures.js'
import {
  failure,
  pageProps,
  renderPage,
  type Answer,
  type Call,
  type PageOptions,
  type Routes,
} from '../../test/harness.js'
import { Checkout } from './Checkout.js'

afterEach(cleanup)

const props = pageProps('/checkout')
const ada = { type: 'customer', id: '1', name: 'Ada' }
const placed: PlacedOrder = {
  order: { id: 'SO10001', tranid: 'SO10001' },
  invoice: { id: 'INV10001', tranid: 'INV10001' },
  total: 19440,
  currency: 'usd',
}

/** Answers the place calls in turn, recording each. */
function placeAnswers(...answers: Answer[]) {
  const sent: Call[] = []
  return {
    sent,
    route: (call: Call) => {
      sent.push(call)
      return answers[sent.length - 1] ?? failure(500, 'ERROR_UNEXPECTED')
    },
  }
}

const GRACE = {
  addressee: 'Grace Hopper',
  addr1: '1 Compiler Way',
  city: 'Arlington',
  zip: '22201',
}

/**
 * The checkout page on the review `loaded` (a signed-in `account`'s, a guest's without), with
 * `place` answering the order.
 */
const renderCheckout = (
  loaded: CheckoutAnswer,
  place: Routes[string],
  account?: PageOptions['account'],
) =>
  renderPage(<Checkout {...props} />, {
    account,
    routes: { 'GET /checkout/get': { body: loaded }, 'POST /checkout/place': place },
  })

/** Types `value` into the new card's `field` (test id `checkout-{field}`). */
const typeIn = (field: string, value: string) =>
  fireEvent.change(screen.getByTestId(`checkout-${field}`), { target: { value } })

const keyOf = (call: Call) => (call.body as { idempotencykey: string }).idempotencykey

describe('the checkout page', () => {
  it('asks a visitor for an e-mail and an address, offering to sign in instead', async () => {
    const guest = {
      email: 'grace@example.com',
      address: { ...review().addresses[0]!, ...GRACE, country: 'us', id: 'guest' },
    }
    const sent: Call[] = []
    const { navigated, calls } = renderPage(<Checkout {...props} />, {
      href: '/checkout',
      routes: {
        'GET /checkout/get': { body: review({ addresses: [], cards: [], guest: null }) },
        'GET /data/list/country': { body: { list: [{ id: 'us', name: 'United States' }] } },
        'POST /checkout/guest': (call: Call) => {
          sent.push(call)
          return { body: review({ addresses: [], cards: [], guest }) }
        },
      },
    })
    // The countries are asked beside the review, not once it has come.
    const asked = () => calls.map((call) => `${call.method} ${call.path.split('?')[0]}`)
    expect(asked()).toEqual(['GET /checkout/get', 'GET /data/list/country'])
    expect(navigated).toEqual([])
    await screen.findByTestId('guest-form')
    expect(asked().filter((call) => call === 'GET /data/list/country')).toHaveLength(1)
    expect(screen.getByTestId('checkout-login').getAttribute('href')).toBe(
      '/login?next=%2Fcheckout',
    )
    const type = (field: string, value: string) =>
      fireEvent.change(screen.getByTestId(field), { target: { value } })
    // Checked before sending: the e-mail first.
    fireEvent.click(screen.getByTestId('guest-continue'))
    await waitFor(() =>
      expect(document.querySelector('[role="alertdialog"], [role="dialog"]')).toBeTruthy(),
    )
    expect(sent).toEqual([])
    type('guest-email', ' grace@example.com ')
    await waitFor(() =>
      expect((screen.getByTestId('guest-country') as HTMLSelectElement).disabled).toBe(false),
    )
    type('guest-country', 'us')
    type('guest-addressee', GRACE.addressee)
    type('guest-addr1', GRACE.addr1)
    type('guest-city', GRACE.city)
    type('guest-zip', GRACE.zip)
    fireEvent.click(screen.getByTestId('guest-continue'))
    expect((await screen.findByTestId('checkout-guest-email')).textContent).toBe(
      'grace@example.com',
    )
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({
      email: 'grace@example.com',
      address: { country: 'us', ...GRACE },
    })
    // A guest pays by a card typed here: no saved cards, no account terms.
    expect(screen.getByTestId('card-form')).toBeTruthy()
    expect(screen.queryByTestId('pay-account')).toBeNull()
    // Change goes back to the details, as given.
    fireEvent.click(screen.getByTestId('change-address'))
    expect((screen.getByTestId('guest-addr1') as HTMLInputElement).value).toBe(GRACE.addr1)
  })

  it("shows a guest's confirmation with the order's link, and no account pages", async () => {
    const guest = {
      email: 'grace@example.com',
      address: { ...review().addresses[0]!, id: 'guest' },
    }
    const place = placeAnswers({ body: { ...placed, link: '/order/SO10001?key=abc' } })
    renderCheckout(review({ addresses: [], cards: [], guest }), place.route)
    await screen.findByTestId('checkout-ccnumber')
    typeIn('ccnumber', '4242 4242 4242 4242')
    typeIn('ccexpiredate', '0331')
    typeIn('cvc', '123')
    fireEvent.click(screen.getByTestId('place-order'))
    await screen.findByTestId('order-placed')
    expect(screen.getByTestId('placed-order-link').getAttribute('href')).toBe(
      '/order/SO10001?key=abc',
    )
    expect(screen.queryByTestId('placed-invoice-link')).toBeNull()
    expect(screen.getByTestId('placed-register').getAttribute('href')).toBe('/register')
    expect((place.sent[0]!.body as { total: number }).total).toBe(review().cart.total)
  })

  it('shows the address, the methods with their rates, the saved card and the review', async () => {
    renderPage(<Checkout {...props} />, {
      account: ada,
      routes: { 'GET /checkout/get': { body: review() } },
    })
    expect((await screen.findByTestId('checkout-address')).textContent).toContain('1 Main Street')
    expect(screen.getByTestId('shipmethod-standard').textContent).toContain('Free')
    expect(screen.getByTestId('shipmethod-express').textContent).toContain('$15.00')
    expect(
      (screen.getByTestId('pay-saved-c1').querySelector('input') as HTMLInputElement).checked,
    ).toBe(true)
    expect(screen.getAllByTestId('review-line')[0]!.textContent).toContain('12 × $16.20')
    expect(screen.getByTestId('place-order').textContent).toBe('Place order · $194.40')
    expect(screen.queryByTestId('pay-account')).toBeNull()
  })

  it('places the order with the saved card, then shows its number and links to it and its invoice', async () => {
    const place = placeAnswers({ body: placed })
    renderCheckout(review(), place.route, ada)
    fireEvent.click(await screen.findByTestId('place-order'))
    expect((await screen.findByTestId('placed-order')).textContent).toBe('SO10001')
    expect(screen.getByTestId('placed-order-link').getAttribute('href')).toBe(
      '/account/order/SO10001',
    )
    expect(screen.getByTestId('placed-invoice-link').getAttribute('href')).toBe(
      '/account/invoice/INV10001',
    )
    expect(place.sent).toHaveLength(1)
    expect(place.sent[0]!.body).toEqual({
      idempotencykey: keyOf(place.sent[0]!),
      // The total reviewed: the server refuses another (409 with the new review).
      total: 19440,
      payment: { saved: 'c1' },
    })
    expect(keyOf(place.sent[0]!)).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
  })

  it('retries an attempt whose outcome is unknown with the same key', async () => {
    const place = placeAnswers(
      { fail: new TypeError('Failed to fetch') },
      failure(503, 'ERROR_DATA_CONNECTION'),
      {
        body: placed,
      },
    )
    renderCheckout(review(), place.route, ada)
    for (let round = 0; round < 2; round++) {
      fireEvent.click(await screen.findByTestId('place-order'))
      const alert = await screen.findByRole('alertdialog')
      expect(alert.textContent).toContain('Unable to Place Order')
      expect(alert.textContent).toContain('it will not be placed twice')
      fireEvent.click(screen.getByTestId('alert-ok'))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    }
    fireEvent.click(await screen.findByTestId('place-order'))
    await screen.findByTestId('order-placed')
    expect(place.sent.map(keyOf)).toEqual([
      keyOf(place.sent[0]!),
      keyOf(place.sent[0]!),
      keyOf(place.sent[0]!),
    ])
  })

  it('starts a new attempt after a declined card, with a new card typed', async () => {
    const place = placeAnswers(failure(402, 'ERROR_PAYMENT_DECLINED'), { body: placed })
    let reviews = 0
    renderPage(<Checkout {...props} />, {
      account: ada,
      routes: {
        'GET /checkout/get': () => ({ body: (reviews++, review({ cards: [] })) }),
        'POST /checkout/place': place.route,
      },
    })
    const number = (await screen.findByTestId('checkout-ccnumber')) as HTMLInputElement
    fireEvent.change(number, { target: { value: '4000 0000 0000 0002' } })
    fireEvent.change(screen.getByTestId('checkout-ccexpiredate'), { target: { value: '12/2031' } })
    fireEvent.change(screen.getByTestId('checkout-cvc'), { target: { value: '123' } })
    fireEvent.click(screen.getByTestId('place-order'))
    const alert = await screen.findByRole('alertdialog')
    expect(alert.textContent).toContain('The payment was declined.')
    fireEvent.click(screen.getByTestId('alert-ok'))
    await waitFor(() => expect(reviews).toBe(2))
    fireEvent.change(screen.getByTestId('checkout-ccnumber'), {
      target: { value: '4242 4242 4242 4242' },
    })
    fireEvent.click(screen.getByTestId('place-order'))
    await screen.findByTestId('order-placed')
    expect(place.sent.map((call) => (call.body as { payment: unknown }).payment)).toEqual([
      {
        card: { number: '4000000000000002', expiry: '12/2031', paymentmethod: 'Visa', cvc: '123' },
      },
      {
        card: { number: '4242424242424242', expiry: '12/2031', paymentmethod: 'Visa', cvc: '123' },
      },
    ])
    expect(keyOf(place.sent[1]!)).not.toBe(keyOf(place.sent[0]!))
  })

  it("checks a new card with the spec's card rules before sending it", async () => {
    const place = placeAnswers()
    renderCheckout(review({ cards: [] }), place.route, ada)
    fireEvent.click(await screen.findByTestId('place-order'))
    const alert = await screen.findByRole('alertdialog')
    expect(alert.textContent).toContain('Unable to Continue')
    expect(alert.textContent).toContain('A value is required.')
    expect(place.sent).toEqual([])
  })

  it('changes the shipping method through the server', async () => {
    const { calls } = renderPage(<Checkout {...props} />, {
      account: ada,
      routes: {
        'GET /checkout/get': { body: review() },
        'POST /checkout/shipmethod': {
          body: review({
            cart: {
              ...review().cart,
              shipmethod: { id: 'express', name: 'Express', rate: 1500 },
              shipping: 1500,
              total: 20940,
            },
          }),
        },
      },
    })
    fireEvent.click((await screen.findByTestId('shipmethod-express')).querySelector('input')!)
    await waitFor(() =>
      expect(screen.getByTestId('place-order').textContent).toBe('Place order · $209.40'),
    )
    // The writes only: the address lines' country reads may land before or after the click.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/checkout/shipmethod', body: { id: 'express' } },
    ])
  })

  it('offers paying on account when the account has terms and a credit limit, and pays so', async () => {
    const place = placeAnswers({ body: placed })
    renderCheckout(
      review({ terms: { id: 'net30', name: 'Net 30', days: 30 }, creditlimit: 5000 }),
      place.route,
      ada,
    )
    const account = await screen.findByTestId('pay-account')
    expect(account.textContent).toBe('Pay on account (Net 30)Credit limit $5,000.00')
    fireEvent.click(account.querySelector('input')!)
    fireEvent.click(screen.getByTestId('place-order'))
    await screen.findByTestId('order-placed')
    expect(place.sent.map((call) => (call.body as { payment: unknown }).payment)).toEqual([
      { account: true },
    ])
  })

  it('does not offer paying on account without a credit limit, which the server needs', async () => {
    renderPage(<Checkout {...props} />, {
      account: ada,
      routes: {
        'GET /checkout/get': {
          body: review({ terms: { id: 'net30', name: 'Net 30', days: 30 }, creditlimit: null }),
        },
      },
    })
    await screen.findByTestId('pay-saved-c1')
    expect(screen.queryByTestId('pay-account')).toBeNull()
  })

  it('says when there is nothing to check out', async () => {
    renderPage(<Checkout {...props} />, {
      account: ada,
      routes: { 'GET /checkout/get': { body: review({ cart: cart([]) }) } },
    })
    expect(await screen.findByTestId('checkout-empty')).toBeTruthy()
  })
})

describe("the checkout's new card", () => {
  it('is sent as typed: the number without its spaces, the name trimmed, the expiry unchanged', async () => {
    const place = placeAnswers({ body: placed })
    renderCheckout(review({ cards: [] }), place.route, ada)
    await screen.findByTestId('checkout-ccnumber')
    typeIn('ccnumber', '4242 4242 4242 4242')
    typeIn('ccname', ' Ada ')
    // Typed as digits, the expiry becomes MM/YY as it is typed, and is sent as MM/YYYY; the brand
    // comes from the number, never picked.
    typeIn('ccexpiredate', '0331')
    expect((screen.getByTestId('checkout-ccexpiredate') as HTMLInputElement).value).toBe('03/31')
    expect(screen.getByTestId('checkout-brand').textContent).toBe('Visa')
    // The security code: digits only, three for a Visa; checked before sending.
    typeIn('cvc', '12')
    fireEvent.click(screen.getByTestId('place-order'))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Unable to Continue')
    fireEvent.click(screen.getByTestId('alert-ok'))
    expect(place.sent).toEqual([])
    typeIn('cvc', '1a23')
    expect((screen.getByTestId('checkout-cvc') as HTMLInputElement).value).toBe('123')
    fireEvent.click(screen.getByTestId('place-order'))
    await screen.findByTestId('order-placed')
    expect(place.sent.map((call) => (call.body as { payment: unknown }).payment)).toEqual([
      {
        card: {
          number: '4242424242424242',
          expiry: '03/2031',
          name: 'Ada',
          paymentmethod: 'Visa',
          cvc: '123',
        },
      },
    ])
  })
})
