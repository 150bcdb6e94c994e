import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type { ResultRow, Scenario } from '../scenario.js'
import { HOST, request } from '../http-probe.js'
import { startKernel, type RunningServer } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { ADMIN, seedWithAdministrator, signIn } from '../record-table.js'
import { entryKey, readAdminManifest } from '../admin-manifest.js'
import { BENCH_TYPE, countRecords, storeBenchItems } from '../admin-site.js'
import {
  firstId,
  SEARCH_TEXT,
  searchMatches,
  typeSearch,
  type TypedSearch,
} from '../admin-search.js'
import {
  describeFailures,
  launchChromium,
  PAGE_WATCH_SCRIPT,
  readWatch,
  recordRowSelector,
  requestsTo,
  resetWatch,
  shownMs,
  signInAdmin,
  typeRowSelector,
  watchTrouble,
  type PageWatch,
} from '../admin-browser.js'
import { comparedRow } from '../result-row.js'

/** The issue's ceiling for the median time from navigation to the first page of records. */
export const ADMIN_LIST_TARGET_MS = 1_000
/** The issue's ceiling for the median time from a typed search to its first page (issue 18). */
export const ADMIN_SEARCH_TARGET_MS = 300
/** Records of the listed type. */
export const ADMIN_LIST_RECORDS = 10_000
/**
 * The same-run baseline: a seeded type with few records, the currencies of the reference data (178
 * today). More than a page, so its first page holds 100 rows too: the ratio is about the size of
 * the table, not about drawing fewer rows.
 */
export const BASELINE_TYPE = 'currency'
/** Rows the record list shows per page (plugins/records/src/admin/RecordListScreen.tsx). */
const LIST_PAGE_SIZE = 100
const WARMUP_ROUNDS = 1
const VIEWPORT = { width: 1280, height: 900 }

function roundsOf(quick: boolean): number {
  return quick ? 2 : 5
}

type Kind = 'click' | 'load'

/** One measured navigation. */
interface Navigation {
  type: string
  kind: Kind
  /** In the page: click (or navigation start) to the frame that paints the first rows. */
  shownMs: number
  /** In the page: click (or navigation start) to the rows in the DOM (the app's commit). */
  committedMs: number
  /** In the bench: around the playwright calls (click or goto, then waitForSelector). */
  wallMs: number
  rows: number
  /** The record type call and the list call, times from the click (or navigation start). */
  typeCall?: Call
  listCall?: Call
  /** Scripts the navigation fetched (the panel's chunks on a click; every script on a load). */
  scripts: number
  requests: PageWatch['requests']
}

interface Call {
  startMs: number
  firstByteMs: number
  endMs: number
}

function call(watch: PageWatch, prefix: string): Call | undefined {
  const found = requestsTo(watch, prefix)[0]
  return found
    ? { startMs: found.startMs, firstByteMs: found.firstByteMs, endMs: found.endMs }
    : undefined
}

/**
 * The record list screen (`/data/:recordtype`) of a type with 10,000 records in Debian's Chromium:
 * a click on the type's row of the Data screen to the first rows painted, and a full page load of
 * the list, against the same navigations to the seeded currencies (a table of a hundred or so).
 */
export const adminList: Scenario = {
  name: 'admin-list',
  title: 'Admin record list: first page of a 10,000-record type in Chromium',
  method(quick) {
    const rounds = roundsOf(quick)
    return [
      `A kernel (default plugins and log level) on a fresh SQLite DATA_DIR, migrated and seeded by one`,
      `start, with the bench's administrator made by \`shopwright user add\`. While it runs the bench signs in,`,
      `creates \`recordtype/${BENCH_TYPE}\` with \`POST /query/data/create\` (fields name and code shown in lists, a`,
      `note that is not; no security record, so administrators only) and ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} \`${BENCH_TYPE}\` records with`,
      `one \`POST /query/data/import\` of a .zip; the list call must then count them. Debian's Chromium`,
      `(\`/usr/bin/chromium\`, headless, the flags of e2e/src/browser.ts) is driven by playwright-core, one page`,
      `of ${VIEWPORT.width}×${VIEWPORT.height}, signed in once through the two-step \`/login\`. Two navigations, each to`,
      `\`${BENCH_TYPE}\` and, as the same-run baseline, to \`${BASELINE_TYPE}\` (the seeded reference currencies, more than a`,
      `page of them, so its list also draws 100 rows and the ratio is about the size of the table). **Click**,`,
      `what a user does: \`page.goto('/data')\`, wait for the type's row and for the network to be idle,`,
      `then click \`[data-testid="row-<type>"]\` (client-side navigation: the app loads the list panel's`,
      `chunk, asks \`/query/data/recordtype/get/<type>\`, then \`/query/data/list/<type>\` for 100 rows, and renders);`,
      `**load**, a full page load of \`/data/<type>\` (the page, the app's scripts from the browser's cache, the`,
      `session, the same two calls). Both end when the first record row \`[data-testid^="row-<type>|"]\` is`,
      `visible (\`page.waitForSelector\`); the page must then hold a full page of 100 rows. **Timing is taken in`,
      `the page with performance.now()**: a script added before the app's own (\`page.addInitScript\`) notes the`,
      `click in a capture listener, notes the app's commit of the first row with a MutationObserver, and`,
      `the requestAnimationFrame after it, the frame that paints the rows; the figure is click (for a`,
      `load, the document's navigation start, performance.now()'s origin) to that frame. This leaves out`,
      `playwright's own round trips (its actionability checks before the click, its polling for the`,
      `selector); the wall time around the playwright calls is in the notes and the JSON file. After`,
      `${WARMUP_ROUNDS} unmeasured round, ${rounds} rounds of click ${BENCH_TYPE}, click ${BASELINE_TYPE}, load ${BENCH_TYPE}, load ${BASELINE_TYPE}; median, min and`,
      `max; ratio = ${BENCH_TYPE} / ${BASELINE_TYPE}. The target applies to the click. An uncaught script error in the page fails`,
      `the run. The notes split the median click into the page's calls (from the Resource Timing API)`,
      `and give what the kernel sends for the admin's entry chunk to a browser that accepts gzip and brotli.`,
      `**Typed search**: on \`/data/${BENCH_TYPE}\` (loaded, network idle), the search \`${SEARCH_TEXT}\` goes into the list's`,
      `search box as one input event (the input's own value setter, as a paste or a word's last key), and a script in`,
      `the page times that event to the frame after the first page of matches is in the table (their first row`,
      `known from the bench's own records); the baseline is clearing the box again, to the unsearched first page.`,
      `Both include the box's pause before it asks (plugins/records/src/admin/ListFinder.tsx). ${WARMUP_ROUNDS} unmeasured,`,
      `then ${rounds}; the target applies to the search's median.`,
    ].join('\n')
  },
  async run(context) {
    const rounds = roundsOf(context.quick)
    // The kernel answers 503 "not built" at /data without it; say so before starting anything.
    const { manifest } = readAdminManifest(context.root)
    const entryFile = manifest[entryKey(manifest)]!.file
    const cwd = await context.tempDir('admin-list-')
    const dataDir = path.join(cwd, 'data')
    context.log('admin-list: migrating and seeding a DATA_DIR, adding the administrator')
    await seedWithAdministrator(context, cwd, dataDir)

    let kernel: RunningServer | undefined
    let browser: Browser | undefined
    try {
      kernel = await startKernel(context, { dataDir, logFile: path.join(cwd, 'kernel.log') })
      const port = kernel.port
      const base = `http://${HOST}:${port}`
      const shell = await request(port, '/data')
      if (shell.status !== 200 || !shell.body.includes('id="root"'))
        throw new Error(
          `GET /data answered ${shell.status} without the admin's page: ${shell.body.slice(0, 300)}`,
        )
      // What the kernel sends for the entry chunk to a browser that takes gzip and brotli.
      const entryAnswer = await request(port, `/admin/${entryFile}`, {
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      })
      if (entryAnswer.status !== 200)
        throw new Error(`GET /admin/${entryFile} answered ${entryAnswer.status}`)
      const servedEntry = {
        file: entryFile,
        contentEncoding: String(entryAnswer.headers['content-encoding'] ?? 'none'),
        contentLength: Number(entryAnswer.headers['content-length'] ?? Number.NaN),
      }

      context.log(
        `admin-list: creating recordtype/${BENCH_TYPE} and importing ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} records`,
      )
      const headers = await signIn(port)
      const importBegun = performance.now()
      const imported = await storeBenchItems(port, headers, ADMIN_LIST_RECORDS)
      const importMs = performance.now() - importBegun
      const counts: Record<string, number> = {
        [BENCH_TYPE]: await countRecords(port, headers, BENCH_TYPE),
        [BASELINE_TYPE]: await countRecords(port, headers, BASELINE_TYPE),
      }
      if (counts[BENCH_TYPE] !== ADMIN_LIST_RECORDS)
        throw new Error(
          `the kernel lists ${counts[BENCH_TYPE]} ${BENCH_TYPE} records, not ${ADMIN_LIST_RECORDS}`,
        )
      if (!(counts[BASELINE_TYPE]! >= 1))
        throw new Error(`the seeded site has no ${BASELINE_TYPE} records to list`)

      context.log('admin-list: starting Chromium and signing in')
      browser = await launchChromium()
      const browserContext = await browser.newContext({ viewport: VIEWPORT })
      const page: Page = await browserContext.newPage()
      // Failed answers and console errors, by phase: the sign-in's first visit meets a 401 by design.
      const trouble = watchTrouble<'sign-in' | 'warm-up' | 'measured'>(page, 'sign-in')
      await page.addInitScript({ content: PAGE_WATCH_SCRIPT })
      await signInAdmin(page, base, ADMIN, '/data')

      const expectedRows = (type: string): number => Math.min(counts[type]!, LIST_PAGE_SIZE)
      const finish = (type: string, kind: Kind, watch: PageWatch, wallMs: number): Navigation => {
        if (watch.path !== `/data/${type}` || watch.rows !== expectedRows(type))
          throw new Error(
            `${kind} to /data/${type}: the page showed ${watch.rows} rows at ${watch.path ?? 'no list address'}, not ${expectedRows(type)}`,
          )
        if (kind === 'click' && watch.clickAt === null)
          throw new Error(`click to /data/${type}: the page saw no click`)
        const typeCall = call(watch, `/query/data/recordtype/get/${type}`)
        const listCall = call(watch, `/query/data/list/${type}`)
        return {
          type,
          kind,
          shownMs: shownMs(watch),
          committedMs: (watch.rowAt ?? Number.NaN) - (watch.clickAt ?? 0),
          wallMs,
          rows: watch.rows,
          ...(typeCall ? { typeCall } : {}),
          ...(listCall ? { listCall } : {}),
          scripts: watch.requests.filter((each) => each.path.endsWith('.js')).length,
          requests: watch.requests,
        }
      }
      const click = async (type: string): Promise<Navigation> => {
        await page.goto(`${base}/data`)
        await page.waitForSelector(typeRowSelector(type))
        await page.waitForLoadState('networkidle')
        await resetWatch(page)
        const begun = performance.now()
        await page.click(typeRowSelector(type))
        await page.waitForSelector(recordRowSelector(type))
        const wallMs = performance.now() - begun
        return finish(type, 'click', await readWatch(page), wallMs)
      }
      const load = async (type: string): Promise<Navigation> => {
        const begun = performance.now()
        await page.goto(`${base}/data/${type}`, { waitUntil: 'commit' })
        await page.waitForSelector(recordRowSelector(type))
        const wallMs = performance.now() - begun
        return finish(type, 'load', await readWatch(page), wallMs)
      }
      const round = async (): Promise<Navigation[]> => [
        await click(BENCH_TYPE),
        await click(BASELINE_TYPE),
        await load(BENCH_TYPE),
        await load(BASELINE_TYPE),
      ]

      context.log(`admin-list: ${WARMUP_ROUNDS} unmeasured round, then ${rounds} measured`)
      trouble.phase = 'warm-up'
      const warmup: Navigation[] = []
      for (let n = 0; n < WARMUP_ROUNDS; n++) warmup.push(...(await round()))
      trouble.phase = 'measured'
      const measured: Navigation[] = []
      for (let n = 1; n <= rounds; n++) {
        context.log(`admin-list: round ${n}/${rounds}`)
        measured.push(...(await round()))
      }

      // The typed search: on the list in id order, the search put in the box, then cleared again.
      const matches = searchMatches(ADMIN_LIST_RECORDS)
      const searchedFirst = firstId(matches)
      const searchedRows = Math.min(matches.length, LIST_PAGE_SIZE)
      const plainFirst = firstId([1])
      const searchRound = async (): Promise<{ searched: TypedSearch; cleared: TypedSearch }> => {
        await page.goto(`${base}/data/${BENCH_TYPE}`)
        await page.waitForSelector(recordRowSelector(BENCH_TYPE))
        await page.waitForLoadState('networkidle')
        const searched = await typeSearch(
          page,
          BENCH_TYPE,
          SEARCH_TEXT,
          searchedRows,
          searchedFirst,
        )
        const cleared = await typeSearch(page, BENCH_TYPE, '', LIST_PAGE_SIZE, plainFirst)
        return { searched, cleared }
      }
      context.log(`admin-list: typed searches, ${WARMUP_ROUNDS} unmeasured, then ${rounds}`)
      trouble.phase = 'warm-up'
      for (let n = 0; n < WARMUP_ROUNDS; n++) await searchRound()
      trouble.phase = 'measured'
      const searches: Array<{ searched: TypedSearch; cleared: TypedSearch }> = []
      for (let n = 0; n < rounds; n++) searches.push(await searchRound())
      if (trouble.pageErrors.length)
        throw new Error(
          `the admin raised script errors: ${trouble.pageErrors.slice(0, 5).join('; ')}`,
        )
      const searchStat = (which: 'searched' | 'cleared') => {
        const values = searches.map((each) => each[which].shownMs)
        return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
      }
      const searchOwn = searchStat('searched')
      const searchBase = searchStat('cleared')

      const of = (type: string, kind: Kind) =>
        measured.filter((each) => each.type === type && each.kind === kind)
      const stat = (type: string, kind: Kind, field: 'shownMs' | 'wallMs' | 'committedMs') => {
        const values = of(type, kind).map((each) => each[field])
        return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
      }
      const ms = (value: number) => ({ value, unit: 'ms' as const })
      const rowsOf = (kind: Kind, label: string): ResultRow[] => {
        const own = stat(BENCH_TYPE, kind, 'shownMs')
        const baseline = stat(BASELINE_TYPE, kind, 'shownMs')
        return (['median', 'min', 'max'] as const).map((which) =>
          comparedRow(
            `${label}, ${which === 'median' ? `median of ${rounds}` : which}`,
            ms(own[which]),
            ms(baseline[which]),
          ),
        )
      }
      const clickOwn = stat(BENCH_TYPE, 'click', 'shownMs')
      const clickBase = stat(BASELINE_TYPE, 'click', 'shownMs')
      const loadOwn = stat(BENCH_TYPE, 'load', 'shownMs')
      const wall = (type: string, kind: Kind) =>
        formatMeasure(ms(stat(type, kind, 'wallMs').median))

      // Where the median click's time goes: the navigation nearest the median.
      const clicks = of(BENCH_TYPE, 'click')
      const typical = [...clicks].sort(
        (a, b) => Math.abs(a.shownMs - clickOwn.median) - Math.abs(b.shownMs - clickOwn.median),
      )[0]!
      const at = (value: number | undefined) =>
        value === undefined ? 'n/a' : formatMeasure(ms(value))
      const split = `The click nearest the median (${formatMeasure(ms(typical.shownMs))}): the record type call ran from ${at(typical.typeCall?.startMs)} to ${at(typical.typeCall?.endMs)}, the list call (100 rows) from ${at(typical.listCall?.startMs)} to ${at(typical.listCall?.endMs)} (first byte ${at(typical.listCall?.firstByteMs)}), rows committed at ${formatMeasure(ms(typical.committedMs))}, painted at ${formatMeasure(ms(typical.shownMs))}; ${typical.scripts} script(s) fetched after the click.`

      return {
        rows: [
          ...rowsOf(
            'click',
            `click from /data to first row, ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} records`,
          ),
          ...rowsOf('load', `full page load of /data/{type} to first row`),
          ...(['median', 'min', 'max'] as const).map((which) =>
            comparedRow(
              `search "${SEARCH_TEXT}" put in the box to its first page painted (baseline: clearing it), ${which === 'median' ? `median of ${rounds}` : which}`,
              ms(searchOwn[which]),
              ms(searchBase[which]),
            ),
          ),
        ],
        targets: [
          {
            goal: `Admin record list of a type with ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} records: first page shown within 1 s of navigation in Chromium (median of ${rounds})`,
            measured: `click from /data: median ${formatMeasure(ms(clickOwn.median))} (min ${formatMeasure(ms(clickOwn.min))}, max ${formatMeasure(ms(clickOwn.max))}; ${counts[BASELINE_TYPE]} ${BASELINE_TYPE} records ${formatMeasure(ms(clickBase.median))}, ratio ${formatRatio(ratio(clickOwn.median, clickBase.median))}); full page load ${formatMeasure(ms(loadOwn.median))}`,
            pass: clickOwn.median < ADMIN_LIST_TARGET_MS,
          },
          {
            goal: `Admin record list of ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} records with a search typed: its first page shown within ${ADMIN_SEARCH_TARGET_MS} ms in Chromium (median of ${rounds}; the search box's pause before it asks included)`,
            measured: `"${SEARCH_TEXT}" (${matches.length} matches, ${searchedRows} rows shown): median ${formatMeasure(ms(searchOwn.median))} (min ${formatMeasure(ms(searchOwn.min))}, max ${formatMeasure(ms(searchOwn.max))}); clearing it back to the unsearched first page ${formatMeasure(ms(searchBase.median))}, ratio ${formatRatio(ratio(searchOwn.median, searchBase.median))}`,
            pass: searchOwn.median < ADMIN_SEARCH_TARGET_MS,
          },
        ],
        notes: [
          split,
          `Wall time around the playwright calls, medians: click ${BENCH_TYPE} ${wall(BENCH_TYPE, 'click')}, ${BASELINE_TYPE} ${wall(BASELINE_TYPE, 'click')}; load ${BENCH_TYPE} ${wall(BENCH_TYPE, 'load')}, ${BASELINE_TYPE} ${wall(BASELINE_TYPE, 'load')}. Setup: ${ADMIN_LIST_RECORDS.toLocaleString('en-US')} records imported in ${formatMeasure({ value: importMs / 1000, unit: 's' })}.`,
          `The kernel sent the admin's entry chunk to \`Accept-Encoding: gzip, deflate, br\` with Content-Encoding ${servedEntry.contentEncoding}, ${Number.isFinite(servedEntry.contentLength) ? `${servedEntry.contentLength.toLocaleString('en-US')} bytes` : 'no Content-Length'}. Failed answers after the sign-in: ${describeFailures(trouble.failedAnswers.filter((each) => each.phase !== 'sign-in'))}.`,
        ],
        raw: {
          rounds,
          warmupRounds: WARMUP_ROUNDS,
          records: counts,
          import: { ms: importMs, ...imported },
          viewport: VIEWPORT,
          measured,
          warmup,
          consoleErrors: trouble.consoleErrors,
          failedAnswers: trouble.failedAnswers,
          servedEntry,
          targetMs: ADMIN_LIST_TARGET_MS,
          search: {
            text: SEARCH_TEXT,
            matches: matches.length,
            searches,
            targetMs: ADMIN_SEARCH_TARGET_MS,
          },
        },
      }
    } finally {
      await browser?.close().catch(() => undefined)
      if (kernel) await context.children.stop(kernel.child)
    }
  },
}
