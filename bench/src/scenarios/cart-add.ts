import type autocannon from 'autocannon'
import type { Scenario } from '../scenario.js'
import { request, type Answer } from '../http-probe.js'
import { DEVICE_HEADERS, INFO_PATH } from '../servers.js'
import { formatMeasure, formatRatio } from '../format.js'
import { loadRows, type RoundPlan, ceilingRounds } from '../rounds.js'
import { catalogueItems, pickCartItems } from '../shop-catalogue.js'
import { withFreshKernel } from '../fresh-kernel.js'

/** The issue's ceiling for the p99 latency of adding to the cart under load, in ms. */
export const CART_P99_TARGET_MS = 50

export const CART_ADD_PATH = '/query/cart/add'
/** The anonymous visitor's cart cookie (the commerce plugin's CART_COOKIE). */
export const CART_COOKIE = 'sw_cart'
/** Adds one cart takes before its connection starts a new cart (autocannon's context starts afresh). */
export const ADDS_PER_CART = 20
/** Items each cart cycles through: a cart of this many lines. */
export const LINES_PER_CART = 4
/** The most one line reaches: adds are spread evenly over the lines, one unit each. */
export const LINE_QUANTITY = Math.ceil(ADDS_PER_CART / LINES_PER_CART)
/** Per minute and visitor; the setting's highest value, so the one-address load is never refused. */
const CART_WRITES = '1000000'

const JSON_HEADERS = { ...DEVICE_HEADERS, 'content-type': 'application/json' }

/** 50 connections, both sides, as storefront-render. */
export function cartAddPlan(quick: boolean): RoundPlan {
  return quick
    ? { connections: 50, warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { connections: 50, warmupSeconds: 3, rounds: 3, roundSeconds: 5 }
}

/** `sw_cart=<token>` from an answer's Set-Cookie header(s), or undefined when it sets none. */
export function cartCookie(setCookie: string | readonly string[] | undefined): string | undefined {
  const values = typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])
  for (const value of values) {
    const token = new RegExp(`^\\s*${CART_COOKIE}=([A-Za-z0-9_-]+)`).exec(value)?.[1]
    if (token) return `${CART_COOKIE}=${token}`
  }
  return undefined
}

/** A header of an autocannon answer, whose names keep the case the server wrote them in. */
function headerOf(headers: unknown, name: string): string | string[] | undefined {
  if (!headers || typeof headers !== 'object') return undefined
  for (const [key, value] of Object.entries(headers as Record<string, unknown>))
    if (key.toLowerCase() === name && (typeof value === 'string' || Array.isArray(value)))
      return value as string | string[]
  return undefined
}

/** One connection's cart while it adds to it; autocannon gives every connection its own. */
interface CartConnection {
  cookie?: string
  adds?: number
}

/** What the load did to carts, counted from the requests and answers. */
interface CartCounts {
  /** Adds sent without a cart cookie: each makes a cart. */
  newCarts: number
  /** 2xx answers to those that set no cart cookie (the next adds then make carts again). */
  withoutCookie: number
}

/**
 * The load's requests: `ADDS_PER_CART` adds (so the context, and the cart, last that long), one
 * unit each of the cart's items in turn; the first without a cookie, the rest with the cookie its
 * answer set.
 */
function cartRequests(items: readonly string[], counts: CartCounts): autocannon.Request[] {
  const add: autocannon.Request = {
    method: 'POST',
    path: CART_ADD_PATH,
    setupRequest(req, context) {
      const cart = context as CartConnection
      const n = cart.adds ?? 0
      cart.adds = n + 1
      if (!cart.cookie) counts.newCarts++
      return {
        ...req,
        headers: { ...JSON_HEADERS, ...(cart.cookie ? { cookie: cart.cookie } : {}) },
        body: JSON.stringify({ item: items[n % items.length], quantity: 1 }),
      }
    },
    onResponse(status, _body, context, headers) {
      const cart = context as CartConnection
      if (cart.cookie || status < 200 || status >= 300) return
      const cookie = cartCookie(headerOf(headers, 'set-cookie'))
      if (cookie) cart.cookie = cookie
      else counts.withoutCookie++
    },
  }
  return Array.from({ length: ADDS_PER_CART }, () => add)
}

/** Adds one unit of `item` to the cart of `cookie` (a new cart without one). */
function addToCart(port: number, item: string, cookie?: string): Promise<Answer> {
  return request(port, CART_ADD_PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ item, quantity: 1 }),
  })
}

interface CartLine {
  item: string
  quantity: number
}

function linesOf(answer: Answer): CartLine[] {
  return (JSON.parse(answer.body) as { lines: CartLine[] }).lines
}

/**
 * Checks what the load relies on, on one cart: the first add answers 200 with an HttpOnly cart
 * cookie, adds with it go to the same cart (the same item's line rises by one, no new cookie), and
 * every item fills its line to LINE_QUANTITY.
 */
async function checkCart(port: number, items: readonly string[]): Promise<void> {
  const first = await addToCart(port, items[0]!)
  const setCookie = first.headers['set-cookie']
  const cookie = cartCookie(setCookie)
  if (first.status !== 200 || !cookie)
    throw new Error(
      `POST ${CART_ADD_PATH} without a cart answered ${first.status} ${cookie ? '' : 'without a cart cookie'}: ${first.body.slice(0, 300)}`,
    )
  if (![setCookie].flat().some((value) => /httponly/i.test(value ?? '')))
    throw new Error(`the cart cookie is not HttpOnly: ${String(setCookie)}`)
  let last = first
  for (let n = 1; n < LINE_QUANTITY * items.length; n++) {
    last = await addToCart(port, items[n % items.length]!, cookie)
    if (last.status !== 200 || cartCookie(last.headers['set-cookie']))
      throw new Error(
        `POST ${CART_ADD_PATH} with the cart's cookie answered ${last.status}${last.status === 200 ? ' with a new cart cookie' : ''}: ${last.body.slice(0, 300)}`,
      )
  }
  const lines = linesOf(last)
  const wrong = items.filter(
    (item) => lines.find((line) => line.item === item)?.quantity !== LINE_QUANTITY,
  )
  if (lines.length !== items.length || wrong.length)
    throw new Error(
      `after ${LINE_QUANTITY} adds of each of ${items.join(', ')} the cart holds ${lines.map((line) => `${line.item} x${line.quantity}`).join(', ')}`,
    )
}

/**
 * `POST /query/cart/add` for anonymous visitors at 50 connections, each connection with a cart of
 * its own, against the same kernel's `GET /query/server/info` (the /query ceiling).
 */
export const cartAdd: Scenario = {
  name: 'cart-add',
  title: 'Cart: POST /query/cart/add for anonymous visitors',
  method(quick) {
    const p = cartAddPlan(quick)
    return [
      `A kernel (default plugins, so commerce, default log level) on a fresh SQLite DATA_DIR, migrated and seeded`,
      `by its first start (the sample catalogue), with \`COMMERCE_CART_WRITES=${CART_WRITES}\` (the setting's highest: an`,
      `anonymous visitor's cart writes are counted per address, and the whole load comes from one) so the limiter`,
      `counts every add and refuses none. The cart's items are chosen through the shop's calls as an anonymous`,
      `visitor (each category's list, then each item with its stock and children): the first ${LINES_PER_CART - 1} items without`,
      `options that have a price and at least ${LINE_QUANTITY} units in stock, and the first child item that has (its add reads`,
      `its parent too). One cart is checked first: the first add answers 200 with an HttpOnly \`${CART_COOKIE}\` cookie,`,
      `adds with it go to that cart without a new cookie, and ${LINE_QUANTITY} adds of each item leave ${LINE_QUANTITY} on each line.`,
      `autocannon, ${p.connections} connections, pipelining 1: each connection is a visitor of its own adding \`{ item, quantity: 1 }\``,
      `with \`Device: bench\`, the cart's ${LINES_PER_CART} items in turn; its first add carries no cookie (the answer makes the cart`,
      `and sets its cookie, which the connection then sends), and after ${ADDS_PER_CART} adds it starts a new cart the same`,
      `way, so a line never passes ${LINE_QUANTITY} units (never the 999 cap or the stock) and every add must succeed: any`,
      `non-2xx answer fails the run. So each add reads the cart, checks the item (online, options, price, stock)`,
      `and answers the priced cart of up to ${LINES_PER_CART} lines; one in ${ADDS_PER_CART} also makes a cart. Baseline: the same kernel's`,
      `\`GET ${INFO_PATH}\` (the /query ceiling) at ${p.connections} connections. After a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of`,
      `${p.roundSeconds} s alternate ceiling, cart, ...; medians; the p99 is the median of the rounds' p99 (exact, from every response`,
      `time), and requests/s is reported with its ratio to the ceiling for context (no target).`,
    ].join('\n')
  },
  async run(context) {
    const p = cartAddPlan(context.quick)
    return withFreshKernel(
      context,
      'cart-add',
      { settings: { COMMERCE_CART_WRITES: CART_WRITES } },
      async (kernel) => {
        const port = kernel.port
        const items = pickCartItems(await catalogueItems(port), LINES_PER_CART, LINE_QUANTITY)
        if (items.length < LINES_PER_CART)
          throw new Error(
            `the catalogue has ${items.length} item(s) a cart can take ${LINE_QUANTITY} of (${items.join(', ')}), not ${LINES_PER_CART}`,
          )
        await checkCart(port, items)
        const info = await request(port, INFO_PATH, { headers: DEVICE_HEADERS })
        if (info.status !== 200) throw new Error(`GET ${INFO_PATH} answered ${info.status}`)

        const counts: CartCounts = { newCarts: 0, withoutCookie: 0 }
        const loaded = await ceilingRounds(context, 'cart-add', p, {
          server: kernel,
          path: CART_ADD_PATH,
          headers: JSON_HEADERS,
          requests: cartRequests(items, counts),
        })
        if (counts.withoutCookie)
          throw new Error(
            `${counts.withoutCookie} add(s) without a cart answered 2xx without a cart cookie`,
          )

        const { summary } = loaded
        const rps = (value: number) => formatMeasure({ value, unit: 'req/s' })

        return {
          rows: loadRows(loaded.pairs, { prefix: `${p.connections} connections: ` }),
          targets: [
            {
              goal: `Add to the cart (POST ${CART_ADD_PATH}, anonymous visitors, a cart per connection) at ${p.connections} connections: p99 latency under ${CART_P99_TARGET_MS} ms`,
              measured: `${summary.latency}; ${rps(summary.rps)}, ${formatRatio(summary.ratio)} of the /query ceiling (${rps(summary.ceilingRps)})`,
              pass: summary.p99Ms < CART_P99_TARGET_MS,
            },
          ],
          notes: [
            `Items: ${items.join(', ')}. ${loaded.requests.kernel.toLocaleString('en-US')} adds answered 2xx (warm-up included), ${counts.newCarts.toLocaleString('en-US')} of them sent without a cart (each made one). Requests/s ratio to the ceiling per round: ${summary.perRound.map(formatRatio).join(', ')}.`,
          ],
          // One process answered both sides: its profile covers all of them.
          kernelRequests: loaded.requests.kernel + loaded.requests.baseline,
          raw: {
            plan: p,
            items,
            addsPerCart: ADDS_PER_CART,
            lineQuantity: LINE_QUANTITY,
            requests: loaded.requests,
            carts: counts,
            rounds: summary.rounds,
            ratio: summary.ratio,
          },
        }
      },
    )
  },
}
