import type { Browser, Page } from 'playwright-core'
import type { ResultRow, Scenario } from '../scenario.js'
import { HOST } from '../http-probe.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, pageRoundPlans, withBarePage } from '../page-baseline.js'
import { withManagerSite, type ManagerSite } from '../manager-site.js'
import { alternatingRounds, medianOf } from '../rounds.js'
import { DEVICE_HEADERS } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { comparedRow } from '../result-row.js'
import { launchChromium, signInAdmin } from '../admin-browser.js'
import { insertOrders, ORDER_STANDINGS } from '../order-rows.js'
import { insertTrackedPages, pagesByDay } from '../tracked-pages.js'
import { finishedDays, waitForRollup } from '../insights-rollup.js'
import {
  DASHBOARD_CARDS,
  DASHBOARD_WATCH_SCRIPT,
  loadDashboard,
  trafficMonths,
  type DashboardWatch,
} from '../dashboard-watch.js'

/** The issue's ceiling for the median latency of each dashboard card's call, in ms. */
export const DASHBOARD_CALL_P50_TARGET_MS = 20
/** The issue's ceiling for the median time from navigation to /admin to every card painted. */
export const DASHBOARD_PAINT_TARGET_MS = 500
const ORDERS = 100_000
const PAGES = 1_000_000
/** Orders are placed evenly over the last 100 days, 86.4 s apart, the last a minute ago. */
const ORDER_DAYS = 100
/** Tracked pages fall over the roll-up's catch-up window (35 days); the card draws the last 30. */
const TRAFFIC_DAYS = 35
/** Days the Traffic card draws, today the last (plugins/insights/src/admin/TrafficCard.tsx). */
const CARD_DAYS = 30
/** What the Latest changes card asks (plugins/log/src/admin/LatestChangesCard.tsx): 5 and one. */
const LOG_CARD_PATH = '/query/log/list?level=info&pagesize=6'
const PLUGINS = 'records,account,translations,commerce,sessions,insights,log'
const MANAGER = { email: 'dashboard-manager@example.com', password: 'bench-password-1' } as const
const DAY_MS = 86_400_000
const WARMUP_LOADS = 1
const VIEWPORT = { width: 1280, height: 900 }

const loadsOf = (quick: boolean): number => (quick ? 2 : 5)

/** A card's call as the bench loads it. */
interface CardCall {
  card: string
  path: string
}

/** The calls the cards make on `nowMs`'s day, in the order of the cards. */
function cardCalls(nowMs: number): CardCall[] {
  return [
    { card: 'Orders', path: '/query/orders/summary' },
    { card: 'Low stock', path: '/query/orders/lowstock' },
    ...trafficMonths(nowMs).map((month) => ({
      card: `Traffic (${month})`,
      path: `/query/insights/traffic/${month}`,
    })),
    { card: 'Live visitors', path: '/query/session/live' },
    { card: 'Latest changes', path: LOG_CARD_PATH },
  ]
}

/** One call's one-at-a-time rounds against bare Koa answering its bytes. */
interface CallFigures extends CardCall {
  p50Ms: number
  p95Ms: number
  bareP50Ms: number
  bareP95Ms: number
  bytes: number
}

/** Checks the answers the data should give before anything is measured. */
async function checkAnswers(
  site: ManagerSite,
  nowMs: number,
  span: { fromMs: number; toMs: number },
) {
  const summary = JSON.parse((await firstPage(site, '/query/orders/summary')).body) as {
    toFulfil: number
    partlyShipped: number
    week: Array<{ count: number }>
  }
  const perStanding = ORDERS / ORDER_STANDINGS.length
  if (summary.toFulfil !== perStanding || summary.partlyShipped !== perStanding)
    throw new Error(
      `the summary counts ${summary.toFulfil} to fulfil and ${summary.partlyShipped} partly shipped, not ${perStanding} each`,
    )
  const week = summary.week.reduce((sum, figure) => sum + figure.count, 0)
  if (week === 0) throw new Error('the summary counts no order in the last 7 days')

  // The card's 30 days must count the pages written on them, the stored days and today's alike.
  const written = pagesByDay({ pages: PAGES, ...span })
  const firstCardDay = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - (CARD_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10)
  let expected = 0
  for (const [day, pages] of written) if (day >= firstCardDay) expected += pages
  let counted = 0
  for (const month of trafficMonths(nowMs)) {
    const answer = JSON.parse((await firstPage(site, `/query/insights/traffic/${month}`)).body) as {
      traffic: Array<{ key: string; value: number }>
    }
    for (const day of answer.traffic) if (day.key >= firstCardDay) counted += day.value
  }
  if (counted !== expected)
    throw new Error(`the card's ${CARD_DAYS} days count ${counted} pages, not ${expected}`)
  const live = JSON.parse((await firstPage(site, '/query/session/live')).body) as { live: number }
  if (!(live.live > 0)) throw new Error('no session counts as live')
  return { week, traffic: counted, live: live.live }
}

/**
 * The staff dashboard (`/admin`) of a shop with 100,000 orders and 1,000,000 tracked page views:
 * each card's call one request at a time against bare Koa answering its bytes, and full loads of
 * `/admin` in Chromium to every card painted, against the home's own frame in the same loads.
 */
export const dashboard: Scenario = {
  name: 'dashboard',
  title:
    "Dashboard: each card's call and /admin to every card painted, 100,000 orders and 1,000,000 page views",
  method(quick) {
    const p = pageRoundPlans(quick).single
    const loads = loadsOf(quick)
    return [
      `A kernel (\`PLUGINS=${PLUGINS}\`, SQLite, fresh DATA_DIR, \`INSIGHTS_ROLLUP_MINUTES=1\`) signed in as a manager (role`,
      `\`allmanagers\`: view on the \`orders\`, \`insights\`, \`sessions\` and \`log\` security records, so the home shows five cards).`,
      `${ORDERS.toLocaleString('en-US')} orders are inserted straight into commerce's orders list index (\`commerce_orders\`, as orders-list`,
      `does) evenly over the last ${ORDER_DAYS} days, the last a minute ago, four standings in turn; ${PAGES.toLocaleString('en-US')} tracked pages`,
      `(4 a session) straight into the sessions tables (as insights-month does) evenly over the last ${TRAFFIC_DAYS} days, today included.`,
      `The bench waits for the scheduled roll-up to store every finished day in its month's \`trafficinsights\` record, and checks`,
      `the answers: 25,000 orders to fulfil and 25,000 partly shipped, the Traffic card's ${CARD_DAYS} days counting every page written`,
      `on them, visitors live. **Calls**: each card's call as the card makes it (\`/query/orders/summary\`, \`/query/orders/lowstock\`,`,
      `\`/query/insights/traffic/{month}\` for each month of the last ${CARD_DAYS} days, \`/query/session/live\`, \`${LOG_CARD_PATH}\`),`,
      `one connection, one request at a time, against bare Koa 3 answering the same path with the kernel's bytes (read once): a`,
      `warm-up of ${p.warmupSeconds} s each, then ${p.rounds} rounds of ${p.roundSeconds} s alternating bare Koa and the kernel; medians of the rounds' p50 and p95.`,
      `**Paint**: Debian's Chromium driven by playwright-core, one page of ${VIEWPORT.width}×${VIEWPORT.height} signed in as the manager, loads`,
      `\`/admin\` (a full page load; the app's scripts from the browser's cache) ${WARMUP_LOADS} time unmeasured, then ${loads} times. A script run`,
      `before the app's own (\`page.addInitScript\`) notes, with performance.now() (from the navigation's start), when every card wrapper`,
      `(\`card-<plugin>-<id>\`) holds a card that is not \`aria-busy\` (neither its chunk's fallback nor its own loading state), and`,
      `the animation frame after it, which paints them; the same-run baseline is the home's own frame (\`admin-home\`:`,
      `its heading and the screens' links, no call of its own) to the frame after it, in the same loads. A card showing an error,`,
      `a missing card or an uncaught script error fails the run. The notes split the median load into the cards' calls (Resource Timing).`,
    ].join('\n')
  },
  async run(context) {
    const plans = pageRoundPlans(context.quick)
    const loads = loadsOf(context.quick)
    const settings = { PLUGINS, INSIGHTS_ROLLUP_MINUTES: '1' }
    return withManagerSite(
      context,
      {
        label: 'dashboard',
        what: 'commerce, sessions, insights and the log',
        settings,
        manager: MANAGER,
      },
      async (site) => {
        const { kernel, headers, dataDir } = site
        const now = Date.now()
        const file = sqliteFile(dataDir)
        context.log(`dashboard: inserting ${ORDERS.toLocaleString('en-US')} orders`)
        const ordersMs = insertOrders(file, ORDERS, {
          firstMs: now - 60_000 - ORDER_DAYS * DAY_MS,
          stepMs: (ORDER_DAYS * DAY_MS) / ORDERS,
        })
        context.log(`dashboard: writing ${PAGES.toLocaleString('en-US')} tracked pages`)
        const span = {
          fromMs: Math.floor(now / DAY_MS) * DAY_MS - (TRAFFIC_DAYS - 1) * DAY_MS,
          toMs: now - 60_000,
        }
        const pagesMs = insertTrackedPages(file, { pages: PAGES, ...span })
        const days = finishedDays(span.fromMs, now)
        context.log(`dashboard: waiting for the roll-up to store ${days.length} days`)
        const rollupSeconds = await waitForRollup(kernel, headers, days)
        const checked = await checkAnswers(site, now, span)

        const calls: CallFigures[] = []
        for (const call of cardCalls(now)) {
          const page = await firstPage(site, call.path)
          const single = await withBarePage(context, site, page, (bare) =>
            alternatingRounds(
              context,
              `dashboard ${call.card}`,
              plans.single,
              {
                server: bare,
                path: call.path,
                headers: DEVICE_HEADERS,
              },
              { server: kernel, path: call.path, headers },
            ),
          )
          calls.push({
            ...call,
            p50Ms: medianOf(single.pairs, 'kernel', 'p50Ms'),
            p95Ms: medianOf(single.pairs, 'kernel', 'p95Ms'),
            bareP50Ms: medianOf(single.pairs, 'baseline', 'p50Ms'),
            bareP95Ms: medianOf(single.pairs, 'baseline', 'p95Ms'),
            bytes: Buffer.byteLength(page.body),
          })
        }

        context.log('dashboard: starting Chromium and signing in')
        let browser: Browser | undefined
        try {
          browser = await launchChromium()
          const page: Page = await (await browser.newContext({ viewport: VIEWPORT })).newPage()
          const pageErrors: string[] = []
          page.on('pageerror', (error) => pageErrors.push(String(error)))
          page.setDefaultTimeout(30_000)
          await page.addInitScript({ content: DASHBOARD_WATCH_SCRIPT })
          const base = `http://${HOST}:${kernel.port}`
          await signInAdmin(page, base, MANAGER, '/admin')
          const load = async (): Promise<DashboardWatch> => {
            const watch = await loadDashboard(page, base)
            if (watch.errors.length)
              throw new Error(`cards showed errors: ${watch.errors.join('; ')}`)
            const missing = DASHBOARD_CARDS.filter((card) => !watch.cards.includes(card))
            if (missing.length) throw new Error(`the home lacks ${missing.join(', ')}`)
            return watch
          }
          context.log(`dashboard: ${WARMUP_LOADS} unmeasured load of /admin, then ${loads}`)
          const warmup: DashboardWatch[] = []
          for (let n = 0; n < WARMUP_LOADS; n++) warmup.push(await load())
          // The bench loads the calls the page makes: a path that differs would measure another call.
          const asked = new Set(warmup[0]!.requests.map((each) => each.path))
          const unasked = cardCalls(now).filter((call) => !asked.has(call.path))
          if (unasked.length)
            throw new Error(
              `the page did not ask ${unasked.map((call) => call.path).join(', ')}; it asked ${[...asked].join(', ')}`,
            )
          const measured: DashboardWatch[] = []
          for (let n = 1; n <= loads; n++) measured.push(await load())
          if (pageErrors.length)
            throw new Error(`the admin raised script errors: ${pageErrors.slice(0, 5).join('; ')}`)
          return report(calls, measured, warmup, {
            checked,
            ordersMs,
            pagesMs,
            rollupSeconds,
            days: days.length,
            loads,
          })
        } finally {
          await browser?.close().catch(() => undefined)
        }
      },
    )
  },
}

const ms = (value: number) => ({ value, unit: 'ms' as const })
const shown = (value: number) => formatMeasure(ms(value))

/** The table rows, targets and notes of the figures. */
function report(
  calls: readonly CallFigures[],
  measured: readonly DashboardWatch[],
  warmup: readonly DashboardWatch[],
  setup: {
    checked: { week: number; traffic: number; live: number }
    ordersMs: number
    pagesMs: number
    rollupSeconds: number
    days: number
    loads: number
  },
) {
  const painted = measured.map((each) => each.frameAt ?? Number.NaN)
  const home = measured.map((each) => each.homeFrameAt ?? Number.NaN)
  const stat = (values: readonly number[]) => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  })
  const cards = stat(painted)
  const frame = stat(home)
  const rows: ResultRow[] = [
    ...calls.flatMap((call) => [
      comparedRow(
        `${call.card}: GET ${call.path}, one at a time, p50`,
        ms(call.p50Ms),
        ms(call.bareP50Ms),
      ),
      comparedRow(`${call.card}: p95`, ms(call.p95Ms), ms(call.bareP95Ms)),
    ]),
    ...(['median', 'min', 'max'] as const).map((which) =>
      comparedRow(
        `/admin loaded to every card painted (baseline: the home's own frame painted), ${which === 'median' ? `median of ${setup.loads}` : which}`,
        ms(cards[which]),
        ms(frame[which]),
      ),
    ),
  ]
  // Where the median load's time goes: the load nearest the median, its cards' calls.
  const typical = [...measured].sort(
    (a, b) => Math.abs((a.frameAt ?? 0) - cards.median) - Math.abs((b.frameAt ?? 0) - cards.median),
  )[0]!
  const split = typical.requests
    .filter((each) => each.path.startsWith('/query/'))
    .map((each) => `${each.path} ${shown(each.startMs)}–${shown(each.endMs)}`)
    .join('; ')
  const scripts = typical.requests.filter((each) => each.path.endsWith('.js'))
  const lastScript = Math.max(...scripts.map((each) => each.endMs))
  const slowest = [...calls].sort((a, b) => b.p50Ms - a.p50Ms)[0]!
  return {
    rows,
    targets: [
      {
        goal: `Each dashboard card's call with ${ORDERS.toLocaleString('en-US')} orders and ${PAGES.toLocaleString('en-US')} tracked page views: p50 under ${DASHBOARD_CALL_P50_TARGET_MS} ms one request at a time`,
        measured: calls
          .map((call) => `${call.card} ${shown(call.p50Ms)} (bare Koa ${shown(call.bareP50Ms)})`)
          .join(', '),
        pass: calls.every((call) => call.p50Ms < DASHBOARD_CALL_P50_TARGET_MS),
      },
      {
        goal: `Every dashboard card painted within ${DASHBOARD_PAINT_TARGET_MS} ms of navigation to /admin in Chromium (median of ${setup.loads} loads)`,
        measured: `median ${shown(cards.median)} (min ${shown(cards.min)}, max ${shown(cards.max)}); the home's own frame ${shown(frame.median)}, ratio ${formatRatio(ratio(cards.median, frame.median))}`,
        pass: cards.median < DASHBOARD_PAINT_TARGET_MS,
      },
    ],
    notes: [
      `${ORDERS.toLocaleString('en-US')} orders inserted in ${formatMeasure({ value: setup.ordersMs / 1000, unit: 's' })}, ${PAGES.toLocaleString('en-US')} pages in ${formatMeasure({ value: setup.pagesMs / 1000, unit: 's' })}; the roll-up stored ${setup.days} finished days within ${setup.rollupSeconds.toFixed(0)} s (it runs once a minute here). The cards then showed ${setup.checked.week.toLocaleString('en-US')} orders in 7 days, ${setup.checked.traffic.toLocaleString('en-US')} page views in ${CARD_DAYS} days and ${setup.checked.live} visitors live. Slowest call: ${slowest.card} (${slowest.bytes.toLocaleString('en-US')} bytes).`,
      `The load nearest the median (${shown(typical.frameAt ?? Number.NaN)} from navigation; the home's frame at ${shown(typical.homeFrameAt ?? Number.NaN)}), its ${scripts.length} scripts (the app's and the cards' chunks) loaded by ${shown(lastScript)}, its /query calls from navigation start: ${split}.`,
    ],
    raw: {
      calls,
      measured,
      warmup,
      setup,
      targetMs: { call: DASHBOARD_CALL_P50_TARGET_MS, paint: DASHBOARD_PAINT_TARGET_MS },
    },
  }
}
