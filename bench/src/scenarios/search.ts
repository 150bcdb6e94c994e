import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { formatMeasure } from '../format.js'
import { measureAgainstBaseline, pageRoundPlans } from '../page-baseline.js'
import { timedMedian } from '../drive-site.js'
import { sqliteFile } from '../record-table.js'
import { DEVICE_HEADERS, startBuiltBaseline, startKernel, type RunningServer } from '../servers.js'
import { SHELF, countWithNoun } from '../shop-items.js'
import { insertItems, ITEMS_BATCH } from '../shop-items-table.js'

/** The ceiling for the median latency of a search's first page, one request at a time. */
export const SEARCH_P50_TARGET_MS = 20
/** The floor for requests/s at 50 connections, over the bare handler's. */
export const SEARCH_THROUGHPUT_TARGET = 0.5
const ITEMS = 100_000
const QUICK_ITEMS = 10_000
/** One noun in 25: a search a shopper would type, finding a page and many more. */
const QUERY = 'lamp'
const SEARCH_PATH = `/query/ns/search?q=${QUERY}`
/** Requests per figure of the notes, one at a time. */
const NOTE_REQUESTS = 31
/** A French visitor paying in euros (the storefront's locale cookie). */
const FRENCH_HEADERS = {
  ...DEVICE_HEADERS,
  Cookie: `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`,
}
/** A first start migrates, seeds and builds the listings of 100,000 items: minutes, not seconds. */
const REBUILD_TIMEOUT_MS = 15 * 60_000

interface SearchAnswer {
  data: Array<{ id: string; displayname: string }>
  total: number
  pages: number
}

const itemsOf = (quick: boolean): number => (quick ? QUICK_ITEMS : ITEMS)

/**
 * `GET /query/ns/search?q=lamp` (the first page of 24, 4,000 matches) over 100,000 listed items,
 * for an anonymous visitor, against bare Koa running the same two statements on the same file.
 */
export const search: Scenario = {
  name: 'search',
  title: `Search: GET ${SEARCH_PATH}, ${ITEMS.toLocaleString('en-US')} items`,
  method(quick) {
    const p = pageRoundPlans(quick)
    const items = itemsOf(quick).toLocaleString('en-US')
    return [
      `A kernel (default plugins, so commerce, SQLite) on a fresh DATA_DIR, migrated and seeded by a first`,
      `start and stopped. The bench then inserts ${items} items straight into the file, as the records plugin`,
      `and commerce's catalogue guard write them (\`records\` rows with English and French names from an`,
      `adjective, a material and a noun, a SKU, a description, prices in dollars and euros, a stock count;`,
      `\`commerce_items\`, \`commerce_catalogue\` and \`commerce_stock\` rows), in transactions of`,
      `${ITEMS_BATCH.toLocaleString('en-US')}, all in one category, and deletes commerce's index state row: the next start builds the`,
      `listings and the FTS5 search index of every item through the plugin's own code, as after the`,
      `migration (its time is in the notes). Load: \`GET ${SEARCH_PATH}\` as an anonymous visitor (English,`,
      `dollars), the first page of 24 of the items with "lamp" in their name (one noun in 25), ranked and`,
      `counted. Baseline: \`bench/src/bare-search-server.ts\`, bare Koa 3 running the same two statements`,
      `(the page's ids and count through the FTS5 index, then their listing rows with price, stock and`,
      `options) with better-sqlite3 on the same file, prepared once, and answering the same JSON: the two`,
      `answers are checked to be the same bytes before the load. Two autocannon plans, each a warm-up of`,
      `both, then rounds alternating baseline, kernel: ${p.loaded.connections} connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) for requests/s,`,
      `and one connection, one request at a time (${p.single.rounds} rounds of ${p.single.roundSeconds} s) for the latency; medians. Notes, one`,
      `request at a time on a new connection each, median of ${NOTE_REQUESTS}: a suggestion of two letters, two words,`,
      `a French search, and the category's page sorted by price with its facets.`,
    ].join('\n')
  },
  async run(context) {
    const p = pageRoundPlans(context.quick)
    const items = itemsOf(context.quick)
    const dir = await context.tempDir('search-')
    const dataDir = path.join(dir, 'data')
    let kernel: RunningServer | undefined
    let bare: RunningServer | undefined
    try {
      context.log('search: first start (migrations and seeds)')
      const first = await startKernel(context, { dataDir, logFile: path.join(dir, 'migrate.log') })
      await context.children.stop(first.child)
      context.log(`search: inserting ${items.toLocaleString('en-US')} items`)
      const insertMs = insertItems(sqliteFile(dataDir), items)
      context.log('search: starting the kernel (it builds the listings and the search index)')
      kernel = await startKernel(context, {
        dataDir,
        logFile: path.join(dir, 'kernel.log'),
        timeoutMs: REBUILD_TIMEOUT_MS,
      })
      const answer = await request(kernel.port, SEARCH_PATH, { headers: DEVICE_HEADERS })
      if (answer.status !== 200)
        throw new Error(
          `GET ${SEARCH_PATH} answered ${answer.status}: ${answer.body.slice(0, 300)}`,
        )
      const page = JSON.parse(answer.body) as SearchAnswer
      const expected = countWithNoun('Lamp', items)
      // The sample catalogue may hold a lamp or two of its own.
      if (page.data.length !== 24 || page.total < expected || page.total > expected + 10)
        throw new Error(
          `${SEARCH_PATH} found ${page.total} items (${page.data.length} on the page), not the ${expected} lamps`,
        )
      if (!page.data.every((item) => /lamp/i.test(item.displayname)))
        throw new Error(`${SEARCH_PATH} ranked an item without "lamp" in its name first`)

      bare = await startBuiltBaseline(context, 'bare-search', {
        logFile: path.join(dir, 'bare-search.log'),
        env: { DB_FILE: sqliteFile(dataDir) },
      })
      const baselineAnswer = await request(bare.port, SEARCH_PATH, { headers: DEVICE_HEADERS })
      if (baselineAnswer.body !== answer.body)
        throw new Error(
          `the bare search answers other bytes than the kernel:\n${baselineAnswer.body.slice(0, 400)}\n${answer.body.slice(0, 400)}`,
        )
      const measured = await measureAgainstBaseline(context, {
        label: 'search',
        plans: p,
        kernel,
        headers: DEVICE_HEADERS,
        path: SEARCH_PATH,
        baseline: bare,
        baselineName: 'bare Koa with the same statements',
      })

      context.log('search: notes')
      const { port } = kernel
      const note = (urlPath: string, headers: Record<string, string> = DEVICE_HEADERS) =>
        timedMedian(port, urlPath, headers, NOTE_REQUESTS)
      const notes = {
        suggest: await note('/query/ns/search/suggest?q=la'),
        twoWords: await note('/query/ns/search?q=oak%20lamp'),
        french: await note('/query/ns/search?q=lampe', FRENCH_HEADERS),
        category: await note(`/query/ns/data/list/item?category=${SHELF.id}&sort=price-asc`),
      }
      const ms = (value: number) => formatMeasure({ value, unit: 'ms' })
      const startSeconds = formatMeasure({ value: kernel.startMs / 1000, unit: 's' })
      return {
        rows: measured.rows,
        targets: [
          {
            goal: `Search the first page of ${items.toLocaleString('en-US')} items (24 of ${expected.toLocaleString('en-US')} matches): p50 under ${SEARCH_P50_TARGET_MS} ms one request at a time`,
            measured: measured.measured,
            pass: measured.singleP50 < SEARCH_P50_TARGET_MS,
          },
          {
            goal: `The same search at ${p.loaded.connections} connections: at least ${SEARCH_THROUGHPUT_TARGET * 100}% of the requests/s of bare Koa running the same statements in the same run`,
            measured: measured.measured,
            pass: measured.loadedRatio >= SEARCH_THROUGHPUT_TARGET,
          },
        ],
        notes: [
          `${items.toLocaleString('en-US')} items inserted in ${formatMeasure({ value: insertMs / 1000, unit: 's' })}; the next start, which built their listings and search index, took ${startSeconds}. One request at a time: a two-letter suggestion (\`suggest?q=la\`, 8 items) ${ms(notes.suggest)}, two words (\`q=oak lamp\`) ${ms(notes.twoWords)}, in French (\`q=lampe\`, the French names) ${ms(notes.french)}, the category's first page sorted by price with its facets (${items.toLocaleString('en-US')} items) ${ms(notes.category)}.`,
        ],
        kernelRequests: measured.kernelRequests,
        baselineRequests: measured.baselineRequests,
        raw: {
          plan: p,
          items,
          expected,
          insertMs,
          startMs: kernel.startMs,
          pageBytes: Buffer.byteLength(answer.body),
          loaded: measured.loaded,
          single: measured.single,
          notes,
        },
      }
    } finally {
      if (bare) await context.children.stop(bare.child)
      if (kernel) await context.children.stop(kernel.child)
    }
  },
}
