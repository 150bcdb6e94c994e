/**
 * The guest-checkout scenario's shopper: a stranger's purchase in the default theme, step by step
 * (the data-testids the browser suite e2e/src/storefront-guest.e2e.test.ts walks), and the same
 * purchase made by the page's own `fetch` with no theme, the baseline. Both run in Chromium against
 * the same kernel; what is timed is waiting for the shop, with playwright-core's own calls in it.
 */
import type { Page } from 'playwright-core'

/** The steps of the walk, in order; each is timed from its action to what shows it is done. */
export const WALK_STEPS = ['item', 'add', 'cart', 'checkout', 'details', 'place'] as const
export type WalkStep = (typeof WALK_STEPS)[number]

/** What each step is, for the method text and the table. */
export const STEP_TITLES: Readonly<Record<WalkStep, string>> = {
  item: 'the item page opened to hydrated',
  add: 'Add to cart to its dialog',
  cart: 'View cart to the cart with its Checkout button',
  checkout: 'Checkout to the guest form with its countries',
  details: 'Continue (e-mail and address typed) to the payment form',
  place: 'Place order (card typed) to the confirmation',
}

/** The guest's address: a United States address the address book's rules accept. */
export const GUEST_ADDRESS = {
  // The region as the form's list shows it (its options hold the country's region ids).
  stateName: 'Virginia',
  addressee: 'Grace Hopper',
  addr1: '1 Compiler Way',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'us',
} as const

/** The address as `POST /query/checkout/guest` takes it. */
function addressOf({ stateName: _shown, ...address }: typeof GUEST_ADDRESS) {
  return address
}

/** The test provider's approved card (plugins/commerce/README.md), valid for years to come. */
export function guestCard(now = new Date()): {
  number: string
  expiry: string
  cvc: string
  paymentmethod: string
} {
  const year = now.getUTCFullYear() + 2
  return { number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123', paymentmethod: 'Visa' }
}

/**
 * One walk's times in ms: per step, the wait for the shop (from the action to what shows it
 * done); `typing`, playwright-core filling the fields (the shopper's part, with the driver's);
 * `total`, both; and the order number its confirmation showed.
 */
export interface WalkTimes {
  steps: Record<WalkStep, number>
  typing: number
  waiting: number
  total: number
  order: string
}

const WAIT_MS = 30_000

/** Runs `action` and answers how long it took, in ms. */
async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await action()
  return performance.now() - started
}

/**
 * Buys one unit of `item` as the guest `email` in `page` (a fresh browser context: no cookie, no
 * cache), from opening the item page to the confirmation page showing the order.
 */
export async function walkGuestCheckout(
  page: Page,
  base: string,
  item: string,
  email: string,
): Promise<WalkTimes> {
  const card = guestCard()
  const steps = {} as Record<WalkStep, number>
  steps.item = await timed(async () => {
    await page.goto(`${base}/item/${encodeURIComponent(item)}`)
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: WAIT_MS })
  })
  steps.add = await timed(async () => {
    await page.click('[data-testid=add-to-cart]')
    await page.waitForSelector('[data-testid=added-dialog][open]', { timeout: WAIT_MS })
  })
  steps.cart = await timed(async () => {
    await page.click('[data-testid=view-cart]')
    await page.waitForURL(/\/cart$/, { timeout: WAIT_MS })
    await page.waitForSelector('[data-testid=checkout-button]', { timeout: WAIT_MS })
  })
  steps.checkout = await timed(async () => {
    await page.click('[data-testid=checkout-button]')
    await page.waitForURL(/\/checkout$/, { timeout: WAIT_MS })
    await page.waitForSelector('[data-testid=guest-country]:not([disabled])', { timeout: WAIT_MS })
  })
  let typing = await timed(async () => {
    await page.selectOption('[data-testid=guest-country]', GUEST_ADDRESS.country)
    await page.fill('[data-testid=guest-email]', email)
    await page.fill('[data-testid=guest-addressee]', GUEST_ADDRESS.addressee)
    await page.fill('[data-testid=guest-addr1]', GUEST_ADDRESS.addr1)
    await page.fill('[data-testid=guest-city]', GUEST_ADDRESS.city)
    await page.selectOption('[data-testid=guest-state]', { label: GUEST_ADDRESS.stateName })
    await page.fill('[data-testid=guest-zip]', GUEST_ADDRESS.zip)
  })
  steps.details = await timed(async () => {
    await page.click('[data-testid=guest-continue]')
    await page.waitForSelector('[data-testid=checkout-guest-email]', { timeout: WAIT_MS })
  })
  typing += await timed(async () => {
    await page.fill('[data-testid=checkout-ccnumber]', card.number)
    // Typed as digits, as a shopper does: the field writes MM/YY itself.
    await page.fill('[data-testid=checkout-ccexpiredate]', `12${card.expiry.slice(-2)}`)
    await page.fill('[data-testid=checkout-cvc]', card.cvc)
  })
  steps.place = await timed(async () => {
    await page.click('[data-testid=place-order]')
    await page.waitForSelector('[data-testid=order-placed]', { timeout: WAIT_MS })
  })
  const link = (await page.getAttribute('[data-testid=placed-order-link]', 'href')) ?? ''
  const order = /^\/order\/([^?]+)\?key=/.exec(link)?.[1]
  if (!order) throw new Error(`the confirmation shows no order link (found "${link}")`)
  const waiting = WALK_STEPS.reduce((sum, step) => sum + steps[step], 0)
  return { steps, typing, waiting, total: waiting + typing, order: decodeURIComponent(order) }
}

/** The calls of the baseline purchase, in order. */
export const BARE_CALLS = ['page', 'add', 'guest', 'review', 'place'] as const
export type BareCall = (typeof BARE_CALLS)[number]

/** One bare purchase's times in ms, per call, and its order. */
export interface BareTimes {
  calls: Record<BareCall, number>
  total: number
  order: string
}

/** What the page's script hands back: times per call, the order, or what went wrong. */
interface BareOutcome {
  calls: Record<BareCall, number>
  order?: string
  failure?: string
}

/**
 * The same purchase with no theme: in `page` (a fresh context, at a document of the shop's
 * origin), its own `fetch` asks for the item page's HTML, then adds the item, sends the guest's
 * e-mail and address, reads the review and places the order for its total, one call after the
 * other: what the server and the browser's network take for the purchase.
 */
export async function bareGuestCheckout(
  page: Page,
  item: string,
  email: string,
  key: string,
): Promise<BareTimes> {
  const card = guestCard()
  const outcome = await page.evaluate(
    // Runs in the page (plain JavaScript: the bench is compiled without the DOM types).
    async (input) => {
      const calls: Record<string, number> = {}
      const headers = { Accept: 'application/json', Device: 'bench' }
      const post = { ...headers, 'Content-Type': 'application/json' }
      const call = async (name: string, url: string, init: RequestInit): Promise<unknown> => {
        const started = performance.now()
        const answer = await fetch(url, { credentials: 'same-origin', ...init })
        const body: unknown = name === 'page' ? await answer.text() : await answer.json()
        calls[name] = performance.now() - started
        if (!answer.ok) throw new Error(`${name}: ${answer.status} ${JSON.stringify(body)}`)
        return body
      }
      try {
        await call('page', `/item/${encodeURIComponent(input.item)}`, {
          headers: { Accept: 'text/html' },
        })
        await call('add', '/query/cart/add', {
          method: 'POST',
          headers: post,
          body: JSON.stringify({ item: input.item, quantity: 1, key: `${input.key}-add` }),
        })
        await call('guest', '/query/checkout/guest', {
          method: 'POST',
          headers: post,
          body: JSON.stringify({ email: input.email, address: input.address }),
        })
        const review = (await call('review', '/query/checkout/get', { headers })) as {
          cart: { total: number }
        }
        const placed = (await call('place', '/query/checkout/place', {
          method: 'POST',
          headers: post,
          body: JSON.stringify({
            idempotencykey: input.key,
            total: review.cart.total,
            payment: { card: input.card },
          }),
        })) as { order: { tranid: string } }
        return { calls, order: placed.order.tranid }
      } catch (error) {
        return { calls, failure: String(error) }
      }
    },
    { item, email, key, address: addressOf(GUEST_ADDRESS), card },
  )
  const { calls, order, failure } = outcome as BareOutcome
  if (failure || !order) throw new Error(`the bare guest checkout failed: ${failure ?? 'no order'}`)
  const total = BARE_CALLS.reduce((sum, name) => sum + calls[name], 0)
  return { calls, total, order }
}
