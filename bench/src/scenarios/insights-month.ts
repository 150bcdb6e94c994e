import type { Scenario } from '../scenario.js'
import { sqliteFile } from '../record-table.js'
import { firstPage, measureAgainstBarePage, pageRoundPlans } from '../page-baseline.js'
import { SESSIONS_PLUGINS } from './sessions-track.js'
import { insertTrackedPages, PAGES_PER_SESSION } from '../tracked-pages.js'
import { finishedDays, waitForRollup } from '../insights-rollup.js'
import { withManagerSite } from '../manager-site.js'

/** The ceiling for the median latency of a month's insights, in ms. */
export const INSIGHTS_MONTH_P50_TARGET_MS = 50
const PAGES = 1_000_000
const PLUGINS = `${SESSIONS_PLUGINS},insights`
const MANAGER = { email: 'insights-manager@example.com', password: 'bench-password-1' } as const

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
        const monthStart = Date.parse(`${month}-01T00:00:00Z`)
        // Spread evenly over the month's days so far, today included.
        const insertMs = insertTrackedPages(sqliteFile(dataDir), {
          pages: PAGES,
          fromMs: monthStart,
          toMs: now - 60_000,
        })
        // The roll-up runs every minute: wait until the month's record holds every finished day.
        const days = finishedDays(monthStart, now)
        const finished = days.length
        const rollupSeconds = await waitForRollup(kernel, headers, days)
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
