import type { Scenario } from '../scenario.js'
import { callJson } from '../http-probe.js'
import { formatMeasure } from '../format.js'
import { firstPage, measureAgainstBarePage } from '../page-baseline.js'
import { EDGE_PAGES, edgeMedians, pagingFigures, pagingPlans, positionMedians } from '../paging.js'
import {
  cloneFileRows,
  DRIVE_PLUGINS,
  insertEntryRows,
  liveChildren,
  liveEntry,
  numberedName,
  timedGet,
  withDriveSite,
} from '../drive-site.js'

/** The ceiling for the median latency of a first page, in ms. */
export const DRIVE_LIST_P50_TARGET_MS = 20
const FILES = 20_000
const PAGE_SIZE = 100
const FOLDER = 'private/many'
const LIST_ROUTE = `/query/drive/list/${FOLDER}`
const LIST_PATH = `${LIST_ROUTE}?pagesize=${PAGE_SIZE}`
const NAME_WIDTH = 5

interface Listing {
  list: Array<{ name: string; type: string }>
  nextpage: string | null
  pagesize: number
}

/**
 * One walk from the first page to the last with `nextpage`, one request at a time on a new
 * connection each: every page's time, and the names in order.
 */
async function walk(
  port: number,
  headers: Record<string, string>,
): Promise<{ ms: number[]; names: string[] }> {
  const ms: number[] = []
  const names: string[] = []
  let next: string | null = null
  do {
    const urlPath: string = next ? `${LIST_PATH}&nextpage=${encodeURIComponent(next)}` : LIST_PATH
    const answer = await timedGet(port, urlPath, headers, true)
    if (answer.status !== 200)
      throw new Error(`GET ${urlPath} answered ${answer.status}: ${answer.body?.toString('utf8')}`)
    const page = JSON.parse(answer.body!.toString('utf8')) as Listing
    ms.push(answer.totalMs)
    names.push(...page.list.map((entry) => entry.name))
    next = page.nextpage
    if (ms.length > FILES) throw new Error('the listing never ends')
  } while (next)
  return { ms, names }
}

/**
 * `GET /query/drive/list/private/many?pagesize=100` on a folder of 20,000 files as a signed-in
 * manager, against bare Koa answering the same page as a fixed object; then every page in turn.
 */
export const driveList: Scenario = {
  name: 'drive-list',
  title: 'Drive list: GET /query/drive/list/private/many, 20,000 files',
  method(quick) {
    const p = pagingPlans(quick)
    return [
      `A kernel with the drive (\`PLUGINS=${DRIVE_PLUGINS}\`, local store, SQLite) on a fresh DATA_DIR, signed in as`,
      `a manager (role \`allmanagers\`). The folder \`${FOLDER}\` and its first file \`${numberedName(1, NAME_WIDTH)}\` are made`,
      `through \`POST /query/drive/create/...\`; the other ${(FILES - 1).toLocaleString('en-US')} files are copies of that file's \`drive_entries\``,
      `row (a new id, name and path each; empty files, as \`create\` makes them) inserted in one`,
      `SQLite transaction by the bench while the kernel runs (20,000 HTTP creates would take a minute`,
      `and measure nothing here). The kernel then must count ${FILES.toLocaleString('en-US')} children and answer them in name order.`,
      `Load: \`GET ${LIST_PATH}\` (the first page: 100 entries with their access flags, and nextpage)`,
      `with the session cookie and \`Device: bench\`. Baseline: \`bench/src/bare-koa-server.ts\`, bare Koa 3`,
      `answering the same path with the kernel's own first page (read once from a file, serialised by`,
      `Koa on every request); the two answers are checked to be the same bytes. Two autocannon plans,`,
      `each a warm-up of both, then rounds alternating baseline, kernel: ${p.loaded.connections} connections (${p.loaded.rounds} rounds of`,
      `${p.loaded.roundSeconds} s) for requests/s, and **one connection, one request at a time** (${p.single.rounds} rounds of ${p.single.roundSeconds} s) for the`,
      `latency the target is about (under ${p.loaded.connections} connections on 2 cores the p50 is mostly queueing: it is reported`,
      `too; autocannon opens its connections anew every round, so that p99 includes each connection's first`,
      `request, which waits while the kernel answers the connections already open); medians. Paging: ${p.passes} walk(s) from the first page to the last with \`nextpage\` (one request at a`,
      `time, a new connection each; every name must come once, in order); per-page medians over the`,
      `walks, then the median of the first ${EDGE_PAGES} pages and of the last ${EDGE_PAGES}, and last / first.`,
    ].join('\n')
  },
  async run(context) {
    const p = pagingPlans(context.quick)
    return withDriveSite(
      context,
      { label: 'drive-list', settings: { DRIVE_WRITE_LIMIT: '10000' } },
      async (site) => {
        const { kernel, headers, dataDir } = site
        const firstName = numberedName(1, NAME_WIDTH)
        await callJson(kernel.port, 'POST', `/query/drive/create/${FOLDER}`, headers)
        await callJson(kernel.port, 'POST', `/query/drive/create/${FOLDER}/${firstName}`, headers)
        const folder = liveEntry(dataDir, FOLDER)
        const template = liveEntry(dataDir, `${FOLDER}/${firstName}`)
        if (!folder || !template) throw new Error(`the kernel made no rows for ${FOLDER}`)
        context.log(`drive-list: inserting ${(FILES - 1).toLocaleString('en-US')} file rows`)
        const begun = performance.now()
        const names = Array.from({ length: FILES - 1 }, (_, i) => numberedName(i + 2, NAME_WIDTH))
        insertEntryRows(dataDir, cloneFileRows(template, names))
        const insertMs = performance.now() - begun
        const children = liveChildren(dataDir, folder.id)
        if (children !== FILES) throw new Error(`${FOLDER} holds ${children} entries, not ${FILES}`)

        const first = await firstPage(site, LIST_PATH)
        const page = JSON.parse(first.body) as Listing
        const expected = Array.from({ length: PAGE_SIZE }, (_, i) =>
          numberedName(i + 1, NAME_WIDTH),
        )
        if (
          page.list.length !== PAGE_SIZE ||
          page.list.some((entry, i) => entry.name !== expected[i] || entry.type !== 'file') ||
          !page.nextpage
        )
          throw new Error(`the first page is not files 1-${PAGE_SIZE} with a nextpage`)

        const baseline = await measureAgainstBarePage(context, site, p, first)
        const { loaded, single } = baseline

        context.log(`drive-list: ${p.passes} walk(s) through every page`)
        const walks: number[][] = []
        for (let pass = 1; pass <= p.passes; pass++) {
          const walked = await walk(kernel.port, headers)
          const all = [firstName, ...names]
          if (walked.names.length !== FILES || walked.names.some((name, i) => name !== all[i]))
            throw new Error(
              `walking the pages gave ${walked.names.length} names, not the ${FILES} in order`,
            )
          walks.push(walked.ms)
        }
        const perPage = positionMedians(walks)
        const edges = edgeMedians(perPage, EDGE_PAGES)
        const paging = pagingFigures(edges, {
          far: `the last ${EDGE_PAGES} pages`,
          subject: 'Paging to the end of that folder stays flat',
          pages: perPage.length,
        })

        const ms = (value: number) => ({ value, unit: 'ms' as const })
        return {
          rows: [...baseline.rows, paging.row],
          targets: [
            {
              goal: `List the first page of 100 of a folder of ${FILES.toLocaleString('en-US')} files as a signed-in manager: p50 under ${DRIVE_LIST_P50_TARGET_MS} ms`,
              measured: baseline.measured,
              pass: baseline.singleP50 < DRIVE_LIST_P50_TARGET_MS,
            },
            paging.target,
          ],
          notes: [
            `${(FILES - 1).toLocaleString('en-US')} rows inserted in ${Math.round(insertMs)} ms. The first page is ${Buffer.byteLength(first.body).toLocaleString('en-US')} bytes. A whole walk of ${perPage.length} pages took ${walks.map((w) => formatMeasure(ms(w.reduce((a, b) => a + b, 0)))).join(', ')}.`,
          ],
          kernelRequests: baseline.kernelRequests,
          baselineRequests: baseline.baselineRequests,
          raw: {
            plan: p,
            files: FILES,
            insertMs,
            pageBytes: Buffer.byteLength(first.body),
            loaded,
            single,
            walks,
            perPage,
            edges,
          },
        }
      },
    )
  },
}
