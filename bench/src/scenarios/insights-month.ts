import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, measureAgainstBarePage, pageRoundPlans } from '../page-baseline.js'
import { SESSION_COLUMNS, SESSIONS_PLUGINS } from './sessions-track.js'
import { SETTLE_MS } from '@shopwright/plugin-insights'
import { withManagerSite } from '../manager-site.js'
import { writeSqlite } from '../sqlite-write.js'

/** The ceiling for the median latency of a month's insights, in ms. */
export const INSIGHTS_MONTH_P50_TARGET_MS = 50
const PAGES = 1_000_000
const PAGES_PER_SESSION = 4
const PLUGINS = `${SESSIONS_PLUGINS},insights`
const MANAGER = { email: 'insights-manager@example.com', password: 'bench-password-1' } as const
const DAY_MS = 86_400_000

const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet'] as const
const SYSTEMS = ['Windows', 'iOS', 'Android', 'macOS', 'Linux'] as const
const PLACES = [
  ['London', 'England', 'GB'],
  ['Paris', 'Île-de-France', 'FR'],
  ['Mountain View', 'California', 'US'],
  ['Berlin', 'Land Berlin', 'DE'],
  ['', '', ''],
] as const
const MEDIA = ['direct', 'search', 'social', 'email', 'referral'] as const

/**
 * Writes PAGES tracked pages of this month, PAGES_PER_SESSION a session, spread evenly over the
 * month's days so far (today included), straight into the sessions plugin's tables; the ms it took.
 */
function insertMonth(file: string, now: number): number {
  const begun = performance.now()
  const first = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)
  const span = Math.max(60_000, now - 60_000 - first)
  const sessions = PAGES / PAGES_PER_SESSION
  writeSqlite(file, (db) => {
    const session = db.prepare(
      `INSERT INTO sessions_sessions (${SESSION_COLUMNS})
         VALUES (?, ?, ?, 1, ?, '203.0.113.0', 'Mozilla/5.0', 'bench', ?, '1', ?, '1', 'desktop', ?, ?,
          ?, 51.5, -0.1, ?, '', ?, 0, 0, 0, '')`,
    )
    const page = db.prepare(
      `INSERT INTO sessions_pages (session_id, page_key, started_at, ended_at, href, entry, exit_href,
          scroll) VALUES (?, ?, ?, ?, ?, '', '', 50)`,
    )
    const batch = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const id = `bench${n.toString(36).padStart(8, '0')}`
        const start = first + Math.floor((n / sessions) * span)
        const [city, region, country] = PLACES[n % PLACES.length]!
        session.run(
          id,
          start,
          start + PAGES_PER_SESSION * 30_000,
          n % 4 === 0 ? 2 : 1,
          BROWSERS[n % BROWSERS.length]!,
          SYSTEMS[(n >> 1) % SYSTEMS.length]!,
          city,
          region,
          country,
          n % 7 === 0 ? 'fr-fr' : 'en-gb',
          MEDIA[n % MEDIA.length]!,
        )
        for (let p = 0; p < PAGES_PER_SESSION; p++)
          page.run(
            id,
            start + p * 30_000,
            start + p * 30_000,
            start + (p + 1) * 30_000,
            `/item/${(n + p) % 2_000}`,
          )
      }
    })
    for (let from = 0; from < sessions; from += 25_000)
      batch(from, Math.min(sessions, from + 25_000))
  })
  return performance.now() - begun
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `GET /query/insights/traffic/{this month}` with 1,000,000 tracked pages this month: the finished
 * days rolled up into the month's record by the scheduled task, today's added live.
 */
export const insightsMonth: Scenario = {
  name: 'insights-month',
  title: 'Insights: GET /query/insights/traffic/{month}, 1,000,000 tracked pages in the month',
  method(quick) {
    const p = pageRoundPlans(quick)
    return [
      `A kernel (\`PLUGINS=${PLUGINS}\`, SQLite, fresh DATA_DIR, \`INSIGHTS_ROLLUP_MINUTES=1\`) signed in as a manager`,
      `(role \`allmanagers\`: view on the \`insights\` record). ${PAGES.toLocaleString('en-US')} tracked pages (${PAGES_PER_SESSION} a session,`,
      `five browsers, systems, places and sources, 2,000 paths) are written straight into the sessions tables,`,
      `spread evenly over this month's days so far, today included. The bench waits for the scheduled roll-up to store`,
      `the finished days in the month's \`trafficinsights\` record (its time is reported), then loads`,
      `\`GET /query/insights/traffic/{month}\`: the record plus today's figures counted live (cached 30 s, so`,
      `a recount of today falls in the rounds). Baseline: bare Koa 3 answering the same bytes. Two autocannon plans,`,
      `${p.loaded.connections} connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) and one connection (${p.single.rounds} rounds of ${p.single.roundSeconds} s), whose p50`,
      `the target is about; medians.`,
    ].join('\n')
  },
  async run(context) {
    const p = pageRoundPlans(context.quick)
    const settings = { PLUGINS, INSIGHTS_ROLLUP_MINUTES: '1' }
    return withManagerSite(
      context,
      { label: 'insights-month', what: 'insights', settings, manager: MANAGER },
      async (site) => {
        const { kernel, headers, dataDir } = site
        const now = Date.now()
        const month = new Date(now).toISOString().slice(0, 7)
        context.log(
          `insights-month: writing ${PAGES.toLocaleString('en-US')} tracked pages of ${month}`,
        )
        const insertMs = insertMonth(sqliteFile(dataDir), now)
        // A day is finished an hour after its midnight (the roll-up's SETTLE_MS): just after
        // midnight, yesterday is not one yet, and waiting for it would wait for the hour to pass.
        const finished = Math.max(
          0,
          Math.floor((now - SETTLE_MS - Date.parse(`${month}-01T00:00:00Z`)) / DAY_MS),
        )
        // The roll-up runs every minute: wait until the month's record holds every finished day.
        const waited = performance.now()
        const recordPath = `/query/data/get/trafficinsights/${month}`
        for (let attempt = 0; finished > 0; attempt++) {
          const stored = await request(kernel.port, recordPath, { headers })
          const days =
            stored.status === 200 ? (JSON.parse(stored.body) as { days?: string[] }).days : []
          if ((days?.length ?? 0) >= finished) break
          if (attempt > 600)
            throw new Error(`the roll-up did not store ${finished} days in 10 minutes`)
          await sleep(1_000)
        }
        const rollupSeconds = (performance.now() - waited) / 1000
        const answerPath = `/query/insights/traffic/${month}`
        const first = await firstPage(site, answerPath)
        const answer = JSON.parse(first.body) as { traffic: Array<{ value: number }> }
        const counted = answer.traffic.reduce((sum, day) => sum + day.value, 0)
        if (counted !== PAGES) throw new Error(`the month counts ${counted} pages, not ${PAGES}`)

        const baseline = await measureAgainstBarePage(context, site, p, first)
        return {
          rows: baseline.rows,
          targets: [
            {
              goal: `GET /query/insights/traffic/{month} with ${PAGES.toLocaleString('en-US')} tracked pages in the month: p50 under ${INSIGHTS_MONTH_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < INSIGHTS_MONTH_P50_TARGET_MS,
            },
          ],
          notes: [
            `${PAGES.toLocaleString('en-US')} pages written in ${(insertMs / 1000).toFixed(1)} s; the roll-up stored ${finished} finished days within ${rollupSeconds.toFixed(0)} s of the writes (it runs once a minute here). The answer is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes and counts every page.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: { plan: p, pages: PAGES, insertMs, rollupSeconds, finished },
        }
      },
    )
  },
}
