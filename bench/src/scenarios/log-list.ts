import Database from 'better-sqlite3'
import type { Scenario } from '../scenario.js'
import { formatMeasure } from '../format.js'
import { firstPage, measureAgainstBarePage } from '../page-baseline.js'
import {
  EDGE_PAGES,
  pagingEdges,
  pagingFigures,
  pagingPlans,
  positionMedians,
  type PagingPlans,
} from '../paging.js'
import { timedGet, timedMedian, withDriveSite } from '../drive-site.js'
import { sqliteFile } from '../record-table.js'

/** The ceiling for the median latency of the log's first page, in ms. */
export const LOG_LIST_P50_TARGET_MS = 20
const LINES = 1_000_000
/** The log's page size: the call's default (docs/api.md, "Log"). */
const PAGE_SIZE = 50
/** The lines are spread over this many days, a line every 8.6 s. */
const DAYS = 100
const DAY_MS = 24 * 60 * 60 * 1000
const INSERT_BATCH = 50_000
const LIST_PATH = '/query/log/list'
/** Named so the figures never depend on the default list. */
const LOG_PLUGINS = 'records,account,translations,drive,log'
const TYPES = ['webpage', 'customer', 'employee', 'country', 'currency', 'route', 'translation']

interface ListPlan extends PagingPlans {
  /** Requests per filtered first page (type, record, level) for the notes. */
  filtered: number
}

const planOf = (quick: boolean): ListPlan => ({ ...pagingPlans(quick), filtered: quick ? 5 : 21 })

interface Listing {
  list: Array<{ id: string; name: string; level: string }>
  nextpage: string | null
}

/** A record line's message as the log plugin stores it (plugins/log/src/server/log-parts.ts). */
const textMessage = (text: string) => JSON.stringify([{ kind: 'text', text }])

/** A 500's message: its text, the error, a stack of ten frames and the request's context. */
function errorMessage(n: number): string {
  const stack = [
    `Error: the payment provider did not answer (${n})`,
    ...Array.from(
      { length: 10 },
      (_, frame) =>
        `    at step${frame} (/srv/shop/node_modules/provider/lib/client.js:${100 + frame}:17)`,
    ),
  ].join('\n')
  return JSON.stringify([
    { kind: 'text', text: 'request failed' },
    { kind: 'error', name: 'Error', message: `the payment provider did not answer (${n})` },
    { kind: 'stack', text: stack },
    {
      kind: 'context',
      values: {
        id: `req-${n}`,
        method: 'POST',
        url: '/query/cart/pay',
        status: 500,
        code: 'ERROR_INTERNAL',
      },
    },
  ])
}

/**
 * Inserts `LINES` lines into `log_lines` in transactions of 50,000 (the kernel may be running:
 * WAL): record lines mostly, a warning every 13th, a 500 with its stack every 50th, in time order
 * over DAYS days ending `end`. Answers the first line's time.
 */
function insertLogLines(dataDir: string, end: number): number {
  const db = new Database(sqliteFile(dataDir))
  const start = end - DAYS * DAY_MS
  const step = (DAYS * DAY_MS) / LINES
  try {
    db.pragma('busy_timeout = 10000')
    const insert = db.prepare(
      'INSERT INTO log_lines (time, level, source, type, name, actor, message) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    const created = textMessage('created')
    const updated = textMessage('updated name, description')
    const warning = JSON.stringify([
      { kind: 'text', text: 'drive: a blob no file names was not deleted' },
      { kind: 'context', values: { blob: 'ab/cdef0123' } },
    ])
    for (let from = 0; from < LINES; from += INSERT_BATCH) {
      db.transaction(() => {
        for (let n = from; n < Math.min(LINES, from + INSERT_BATCH); n++) {
          const time = Math.round(start + n * step)
          if (n % 50 === 0)
            insert.run(time, 50, 'server', 'server', 'server.kernel', 'system', errorMessage(n))
          else if (n % 13 === 0)
            insert.run(time, 40, 'server', 'server', 'server.drive', 'system', warning)
          else {
            const type = TYPES[n % TYPES.length]!
            const id = (n % 40_000).toString(36)
            insert.run(
              time,
              30,
              'record',
              type,
              `${type}.${id}`,
              `employee|${(n % 17) + 1}`,
              n % 3 ? updated : created,
            )
          }
        }
      })()
    }
    return start
  } finally {
    db.close()
  }
}

/** How many lines the table holds, straight from it. */
function countLines(dataDir: string): number {
  const db = new Database(sqliteFile(dataDir), { readonly: true })
  try {
    db.pragma('busy_timeout = 10000')
    return (db.prepare('SELECT count(*) AS n FROM log_lines').get() as { n: number }).n
  } finally {
    db.close()
  }
}

/**
 * `EDGE_PAGES` pages from `first` on with `nextpage`, one request at a time on a new connection
 * each: every page's time, and the line ids in order.
 */
async function walk(
  port: number,
  first: string,
  headers: Record<string, string>,
): Promise<{ ms: number[]; ids: string[] }> {
  const ms: number[] = []
  const ids: string[] = []
  let urlPath = first
  for (let pageNumber = 0; pageNumber < EDGE_PAGES; pageNumber++) {
    const answer = await timedGet(port, urlPath, headers, true)
    if (answer.status !== 200)
      throw new Error(`GET ${urlPath} answered ${answer.status}: ${answer.body?.toString('utf8')}`)
    const page = JSON.parse(answer.body!.toString('utf8')) as Listing
    if (page.list.length !== PAGE_SIZE || !page.nextpage)
      throw new Error(`GET ${urlPath} answered ${page.list.length} lines, not a full page`)
    ms.push(answer.totalMs)
    ids.push(...page.list.map((line) => line.id))
    urlPath = `${LIST_PATH}?nextpage=${page.nextpage}`
  }
  return { ms, ids }
}

/** True when every id is a number and they fall, each once. */
const falling = (ids: readonly string[]) =>
  ids.every((id, i) => i === 0 || Number(id) < Number(ids[i - 1]))

/**
 * `GET /query/log/list` (the first page of 50) with 1,000,000 lines stored, as a signed-in manager,
 * against bare Koa answering the same page; then 10 pages from the newest and 10 pages deep.
 */
export const logList: Scenario = {
  name: 'log-list',
  title: 'Log list: GET /query/log/list, 1,000,000 lines',
  method(quick) {
    const p = planOf(quick)
    return [
      `A kernel with the log (\`PLUGINS=${LOG_PLUGINS}\`, \`LOG_RETENTION_DAYS=0\`, \`LOG_MAX_LINES=0\`, SQLite) on a fresh`,
      `DATA_DIR, signed in as a manager (role \`allmanagers\`: view and delete on the \`log\` security record).`,
      `${LINES.toLocaleString('en-US')} lines are inserted into \`log_lines\` by the bench while the kernel runs, in transactions of`,
      `${INSERT_BATCH.toLocaleString('en-US')}, as the plugin stores them: record lines (\`info\`, \`type.id\`, an actor, a text part), a`,
      `warning every 13th, a 500 with its error, a ten-frame stack and its context every 50th, over ${DAYS} days`,
      `(a line every 8.6 s). Load: \`GET ${LIST_PATH}\` (the first page: ${PAGE_SIZE} lines, newest first, and nextpage) with the`,
      `session cookie and \`Device: bench\`. Baseline: \`bench/src/bare-koa-server.ts\`, bare Koa 3 answering the same path`,
      `with the kernel's own first page (read once from a file, serialised by Koa on every request); the`,
      `two answers are checked to be the same bytes. Two autocannon plans, each a warm-up of both, then rounds`,
      `alternating baseline, kernel: ${p.loaded.connections} connections (${p.loaded.rounds} rounds of ${p.loaded.roundSeconds} s) for requests/s, and **one connection,`,
      `one request at a time** (${p.single.rounds} rounds of ${p.single.roundSeconds} s) for the latency the target is about; medians. Paging:`,
      `${p.passes} pass(es) of ${EDGE_PAGES} pages from the newest with \`nextpage\`, and ${EDGE_PAGES} pages from the second day of the`,
      `${DAYS} (\`date\`, then \`nextpage\`: about 990,000 lines deep), one request at a time on a new connection each;`,
      `per-page medians over the passes, then the median of the deep pages over the first pages'. Notes:`,
      `the first page filtered by type (\`/webpage\`), by record (\`/webpage.a\`) and by level (\`?level=error\`),`,
      `median of ${p.filtered} requests each.`,
    ].join('\n')
  },
  async run(context) {
    const p = planOf(context.quick)
    return withDriveSite(
      context,
      {
        label: 'log-list',
        settings: {
          PLUGINS: LOG_PLUGINS,
          LOG_RETENTION_DAYS: '0',
          LOG_MAX_LINES: '0',
        },
        what: 'the log',
      },
      async (site) => {
        const { kernel, headers, dataDir } = site
        context.log(`log-list: inserting ${LINES.toLocaleString('en-US')} log lines`)
        const begun = performance.now()
        const firstTime = insertLogLines(dataDir, Date.now() - DAY_MS)
        const insertMs = performance.now() - begun
        const stored = countLines(dataDir)
        if (stored < LINES) throw new Error(`log_lines holds ${stored} lines, not ${LINES}`)

        const first = await firstPage(site, LIST_PATH)
        const page = JSON.parse(first.body) as Listing
        if (
          page.list.length !== PAGE_SIZE ||
          !page.nextpage ||
          !falling(page.list.map((l) => l.id))
        )
          throw new Error(`the first page is not ${PAGE_SIZE} lines newest first with a nextpage`)

        const baseline = await measureAgainstBarePage(context, site, p, first)
        const { loaded, single } = baseline

        context.log(`log-list: ${p.passes} pass(es) of ${EDGE_PAGES} pages at the top and deep`)
        const deepDate = new Date(firstTime + DAY_MS).toISOString()
        const tops: number[][] = []
        const deeps: number[][] = []
        for (let pass = 1; pass <= p.passes; pass++) {
          const top = await walk(kernel.port, LIST_PATH, headers)
          const deep = await walk(kernel.port, `${LIST_PATH}?date=${deepDate}`, headers)
          for (const walked of [top, deep])
            if (!falling(walked.ids)) throw new Error('a walk gave lines out of order or twice')
          tops.push(top.ms)
          deeps.push(deep.ms)
        }
        const edges = pagingEdges(positionMedians(tops), positionMedians(deeps))
        const paging = pagingFigures(edges, {
          far: `${EDGE_PAGES} pages ~990,000 lines deep`,
          subject: 'Paging stays flat',
        })

        const filtered = {
          type: await timedMedian(kernel.port, `${LIST_PATH}/webpage`, headers, p.filtered),
          record: await timedMedian(kernel.port, `${LIST_PATH}/webpage.a`, headers, p.filtered),
          level: await timedMedian(kernel.port, `${LIST_PATH}?level=error`, headers, p.filtered),
        }

        const ms = (value: number) => ({ value, unit: 'ms' as const })
        return {
          rows: [...baseline.rows, paging.row],
          targets: [
            {
              goal: `List the first page of the log (${PAGE_SIZE} lines) with ${LINES.toLocaleString('en-US')} lines stored, as a signed-in manager: p50 under ${LOG_LIST_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < LOG_LIST_P50_TARGET_MS,
            },
            paging.target,
          ],
          notes: [
            `${LINES.toLocaleString('en-US')} lines inserted in ${formatMeasure({ value: insertMs / 1000, unit: 's' })}; the first page is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes. First pages filtered, one request at a time: by type ${formatMeasure(ms(filtered.type))}, by record ${formatMeasure(ms(filtered.record))}, by level (errors, one line in 50) ${formatMeasure(ms(filtered.level))}.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: {
            plan: p,
            lines: LINES,
            insertMs,
            pageBytes: Buffer.byteLength(first.body),
            loaded,
            single,
            tops,
            deeps,
            edges,
            filtered,
          },
        }
      },
    )
  },
}
