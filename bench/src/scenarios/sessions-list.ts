import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, measureAgainstBarePage, pageRoundPlans } from '../page-baseline.js'
import { SESSION_COLUMNS, SESSIONS_PLUGINS } from './sessions-track.js'
import { withManagerSite } from '../manager-site.js'
import { writeSqlite } from '../sqlite-write.js'

/** The ceiling for the median latency of the first page, in ms. */
export const SESSIONS_LIST_P50_TARGET_MS = 20
const SESSIONS = 1_000_000
const LIST_ROUTE = '/query/session/list'
const LIST_PATH = `${LIST_ROUTE}?pagesize=100`
const MANAGER = { email: 'sessions-manager@example.com', password: 'bench-password-1' } as const

const BROWSERS = [
  ['Chrome', '131.0.0.0', 'Windows', '10', 'desktop'],
  ['Safari', '17.2', 'iOS', '17.2', 'mobile'],
  ['Firefox', '128.0', 'Linux', '', 'desktop'],
  ['Microsoft Edge', '120.0.0.0', 'macOS', '14.2', 'desktop'],
] as const
const PLACES = [
  ['London', 'England', 'GB', 51.5, -0.09],
  ['Paris', 'Île-de-France', 'FR', 48.86, 2.35],
  ['Mountain View', 'California', 'US', 37.42, -122.08],
  ['', '', '', null, null],
] as const

/**
 * Inserts `count` sessions straight into the plugin's table (one SQLite transaction per 50,000),
 * a minute apart, all ended more than a day ago; answers the milliseconds it took.
 */
function insertSessions(file: string, count: number): number {
  const begun = performance.now()
  writeSqlite(file, (db) => {
    const insert = db.prepare(
      `INSERT INTO sessions_sessions (${SESSION_COLUMNS})
         VALUES (?, ?, ?, ?, 1, ?, 'Mozilla/5.0', 'bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'en-gb', '',
          'direct', 0, 0, 0, '')`,
    )
    const first = Date.UTC(2024, 0, 1)
    const batch = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const [browser, browserVersion, os, osVersion, platform] = BROWSERS[n % BROWSERS.length]!
        const [city, region, country, latitude, longitude] = PLACES[n % PLACES.length]!
        const start = first + n * 60_000
        insert.run(
          `bench${n.toString(36).padStart(8, '0')}`,
          start,
          start + 300_000,
          n % 3 === 0 ? 0 : 1,
          `203.0.${n % 256}.0`,
          browser,
          browserVersion,
          os,
          osVersion,
          platform,
          city,
          region,
          country,
          latitude,
          longitude,
        )
      }
    })
    for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000))
  })
  return performance.now() - begun
}

/**
 * `GET /query/session/list?pagesize=100` (the first page, newest first) with 1,000,000 sessions
 * stored, as a signed-in manager, against bare Koa answering the same page.
 */
export const sessionsList: Scenario = {
  name: 'sessions-list',
  title: 'Sessions: GET /query/session/list, 1,000,000 sessions',
  method(quick) {
    const p = pageRoundPlans(quick)
    return [
      `A kernel (\`PLUGINS=${SESSIONS_PLUGINS}\`, SQLite, fresh DATA_DIR) signed in as a manager (role \`allmanagers\`,`,
      `which the seeded \`sessions\` security record gives every right). ${SESSIONS.toLocaleString('en-US')} sessions are inserted straight`,
      `into \`sessions_sessions\` by the bench while the kernel runs (one SQLite transaction per 50,000 rows;`,
      `a million track posts would take minutes and measure nothing here): a minute apart, four browsers,`,
      `four places, a third unconfirmed. Load: \`GET ${LIST_PATH}\` (the newest 100, keyset paging on the`,
      `\`sessions_list\` index) with the session cookie and \`Device: bench\`. Baseline: bare Koa 3 answering`,
      `the same path with the kernel's own first page (read once from a file); the two answers are checked`,
      `to be the same bytes. Two autocannon plans, each a warm-up of both then rounds alternating baseline,`,
      `kernel: ${p.loaded.connections} connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) and one connection (${p.single.rounds} rounds of ${p.single.roundSeconds} s), whose`,
      `p50 the target is about; medians. The second page (\`nextpage\`) is checked to continue the first.`,
    ].join('\n')
  },
  async run(context) {
    const p = pageRoundPlans(context.quick)
    const settings = { PLUGINS: SESSIONS_PLUGINS }
    return withManagerSite(
      context,
      { label: 'sessions-list', what: 'sessions', settings, manager: MANAGER },
      async (site) => {
        const { kernel, headers, dataDir } = site
        context.log(`sessions-list: inserting ${SESSIONS.toLocaleString('en-US')} sessions`)
        const insertMs = insertSessions(sqliteFile(dataDir), SESSIONS)

        const first = await firstPage(site, LIST_PATH)
        const page = JSON.parse(first.body) as { list: Array<{ id: string }>; nextpage?: string }
        const newest = `bench${(SESSIONS - 1).toString(36).padStart(8, '0')}`
        if (page.list.length !== 100 || page.list[0]?.id !== newest || !page.nextpage)
          throw new Error('the first page is not the newest 100 sessions with a nextpage')
        const second = await request(
          kernel.port,
          `${LIST_PATH}&nextpage=${encodeURIComponent(page.nextpage)}`,
          { headers },
        )
        const next = JSON.parse(second.body) as { list: Array<{ id: string }> }
        if (next.list[0]?.id !== `bench${(SESSIONS - 101).toString(36).padStart(8, '0')}`)
          throw new Error('the second page does not continue the first')

        const baseline = await measureAgainstBarePage(context, site, p, first)
        const { loaded, single } = baseline
        return {
          rows: baseline.rows,
          targets: [
            {
              goal: `The first page of GET /query/session/list with ${SESSIONS.toLocaleString('en-US')} sessions stored: p50 under ${SESSIONS_LIST_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < SESSIONS_LIST_P50_TARGET_MS,
            },
          ],
          notes: [
            `${SESSIONS.toLocaleString('en-US')} rows inserted in ${(insertMs / 1000).toFixed(1)} s. The first page is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: { plan: p, sessions: SESSIONS, insertMs, loaded, single },
        }
      },
    )
  },
}
