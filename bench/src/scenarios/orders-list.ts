import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, measureAgainstBarePage, pageRoundPlans } from '../page-baseline.js'
import { withManagerSite } from '../manager-site.js'
import { insertOrders, ORDER_STANDINGS, orderId } from '../order-rows.js'

/** The ceiling for the median latency of a filtered, searched page, in ms. */
export const ORDERS_LIST_P50_TARGET_MS = 20
const ORDERS = 100_000
const PLUGINS = 'records,account,translations,commerce'
const MANAGER = { email: 'orders-manager@example.com', password: 'bench-password-1' } as const
/** An order to fulfil (n % 4 === 0) whose e-mail the search names. */
const SOUGHT = 42_424
const LIST_PATH = `/query/orders/list?filter=toFulfil&q=shopper${SOUGHT}%40example.com`
const FILTER_PATH = '/query/orders/list?filter=toFulfil'

/** The median of `times` single requests of `urlPath`, in ms. */
async function medianOf(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
  times = 21,
) {
  const took: number[] = []
  for (let n = 0; n < times; n++) {
    const begun = performance.now()
    const answer = await request(port, urlPath, { headers })
    if (answer.status !== 200) throw new Error(`GET ${urlPath} answered ${answer.status}`)
    took.push(performance.now() - begun)
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)]!
}

/**
 * `GET /query/orders/list?filter=toFulfil&q=<an e-mail>` with 100,000 orders stored, as a
 * signed-in manager, against bare Koa answering the same page.
 */
export const ordersList: Scenario = {
  name: 'orders-list',
  title: 'Orders desk: GET /query/orders/list, 100,000 orders, filtered and searched by e-mail',
  method(quick) {
    const p = pageRoundPlans(quick)
    return [
      `A kernel (\`PLUGINS=${PLUGINS}\`, SQLite, fresh DATA_DIR) signed in as a manager (role \`allmanagers\`, view on`,
      `the \`orders\` security record). ${ORDERS.toLocaleString('en-US')} orders are inserted straight into the list's index`,
      '(`commerce_orders`, one SQLite transaction per 50,000 rows; placing them through checkout would take an hour',
      'and measure checkout): a minute apart, four standings, dollars and euros, an e-mail each. Load:',
      `\`GET ${LIST_PATH}\` (to fulfil, searched by one shopper's e-mail, with the count and totals of the matches).`,
      "Baseline: bare Koa 3 answering the same path with the kernel's own answer (read once from a file); the two",
      `answers are checked to be the same bytes. Two autocannon plans, each a warm-up of both then rounds alternating`,
      `baseline, kernel: ${p.loaded.connections} connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) and one connection (${p.single.rounds} rounds of ${p.single.roundSeconds} s), whose`,
      `p50 the target is about; medians. Also noted: the median of 21 single requests of \`${FILTER_PATH}\``,
      '(the first page of orders to fulfil, with the totals of the 25,000 matched).',
    ].join('\n')
  },
  async run(context) {
    const p = pageRoundPlans(context.quick)
    const settings = { PLUGINS }
    return withManagerSite(
      context,
      { label: 'orders-list', what: 'commerce', settings, manager: MANAGER },
      async (site) => {
        const { kernel, headers, dataDir } = site
        context.log(`orders-list: inserting ${ORDERS.toLocaleString('en-US')} orders`)
        const insertMs = insertOrders(sqliteFile(dataDir), ORDERS, {
          firstMs: Date.UTC(2024, 0, 1),
          stepMs: 60_000,
        })

        const first = await firstPage(site, LIST_PATH)
        const page = JSON.parse(first.body) as { data: Array<{ id: string }>; count: number }
        if (page.count !== 1 || page.data[0]?.id !== orderId(SOUGHT))
          throw new Error(`the search did not find the one order: ${first.body.slice(0, 300)}`)
        const filtered = JSON.parse((await firstPage(site, FILTER_PATH)).body) as { count: number }
        if (filtered.count !== ORDERS / ORDER_STANDINGS.length)
          throw new Error(`the filter matched ${filtered.count} orders, not ${ORDERS / 4}`)
        const filterMs = await medianOf(kernel.port, FILTER_PATH, headers)

        const baseline = await measureAgainstBarePage(context, site, p, first)
        return {
          rows: baseline.rows,
          targets: [
            {
              goal: `GET /query/orders/list filtered by status and searched by e-mail over ${ORDERS.toLocaleString('en-US')} orders: p50 under ${ORDERS_LIST_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < ORDERS_LIST_P50_TARGET_MS,
            },
          ],
          notes: [
            `${ORDERS.toLocaleString('en-US')} rows inserted in ${(insertMs / 1000).toFixed(1)} s. The searched page is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes.`,
            `The first page of orders to fulfil alone (50 rows, totals of ${filtered.count.toLocaleString('en-US')}): median of 21 single requests ${filterMs.toFixed(1)} ms.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: { plan: p, orders: ORDERS, insertMs, filterMs, ...baseline },
        }
      },
    )
  },
}
