import type { Scenario } from '../scenario.js'
import { request, type Answer } from '../http-probe.js'
import { DEVICE_HEADERS, INFO_PATH } from '../servers.js'
import { ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import {
  alternatingRounds,
  loadRows,
  medianOf,
  type RoundPair,
  type RoundPlan,
  ceilingRounds,
} from '../rounds.js'
import { pageScripts, readBuiltManifest, THEME_BUILD } from '../admin-manifest.js'
import { SESSION_COOKIE } from '../record-table.js'
import { htmlTitle } from '../storefront-page.js'
import { withFreshKernel } from '../fresh-kernel.js'

/** The floor for `/` over the kernel's own /query ceiling, in requests/s. */
export const STOREFRONT_RENDER_TARGET = 0.4
/** The ceiling for the p99 latency of `/` under load, in ms. */
export const STOREFRONT_P99_TARGET_MS = 50
/** The ceiling for the median uncached rendering of `/`, one request at a time, in ms. */
export const STOREFRONT_UNCACHED_P50_TARGET_MS = 10

const PAGE_PATH = '/'
/** What a browser asks for; the kernel answers the page as HTML. */
const PAGE_HEADERS = { Accept: 'text/html' }
/**
 * A session cookie makes the engine skip its page cache (a signed-in visitor's header differs).
 * Not shaped like a token the account plugin issues, so no session is looked up: the visitor stays
 * anonymous and the page is the same, rendered anew.
 */
export const UNCACHED_COOKIE = `${SESSION_COOKIE}=bench-uncached`
const UNCACHED_HEADERS = { ...PAGE_HEADERS, Cookie: UNCACHED_COOKIE }

/** 50 connections, both sides, as the issue asks. */
export function storefrontRenderPlan(quick: boolean): RoundPlan {
  return quick
    ? { connections: 50, warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { connections: 50, warmupSeconds: 3, rounds: 3, roundSeconds: 5 }
}

/** One connection, one request at a time: what one visitor waits for a page rendered anew. */
export function uncachedPlan(quick: boolean): RoundPlan {
  return quick
    ? { connections: 1, warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { connections: 1, warmupSeconds: 2, rounds: 3, roundSeconds: 5 }
}

function checkPage(label: string, answer: Answer): string {
  const type = String(answer.headers['content-type'] ?? '')
  const title = htmlTitle(answer.body)
  if (answer.status !== 200 || !type.startsWith('text/html') || !title)
    throw new Error(
      `GET ${PAGE_PATH} (${label}) answered ${answer.status} ${type} without a page title: ${answer.body.slice(0, 300)}`,
    )
  return title
}

/**
 * The storefront's home page for an anonymous visitor, server-rendered by the engine with the
 * default theme: under load at 50 connections (answered from the engine's page cache after the
 * first request) against the kernel's own /query ceiling on the same process, and rendered anew
 * (the page cache bypassed) one request at a time against the cached page.
 */
export const storefrontRender: Scenario = {
  name: 'storefront-render',
  title: 'Storefront render: GET / for an anonymous visitor',
  method(quick) {
    const p = storefrontRenderPlan(quick)
    const u = uncachedPlan(quick)
    return [
      `A kernel (default plugins and log level, so the default theme \`@shopwright/theme-default\`) on a fresh`,
      `SQLite DATA_DIR, migrated and seeded by its first start: the sample company's home page \`/\` (route`,
      `\`Welcome\`, the shell with menu, locale and login links, and the footer's contact block). The engine`,
      `renders pages with React's streaming renderer and keeps an anonymous visitor's page in its page cache`,
      `(per address, language and currency; dropped when a record pages show changes), so under load \`/\` is`,
      `answered from the cache after the first request. autocannon sends \`GET /\` with \`Accept: text/html\``,
      `and no cookie (and no Accept-Encoding, so the page goes uncompressed, as the baseline's JSON does).`,
      `Baseline: the kernel's own /query ceiling on the same process, \`GET /query/server/info\` with`,
      `\`Device: bench\` (the route of the throughput scenario). **Under load**: ${p.connections} connections, pipelining 1,`,
      `both sides; after a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s alternate server/info, \`/\`, ...;`,
      `medians; the ratio is \`/\` requests/s over server/info requests/s, and the p99 latency of \`/\` is the`,
      `median of the rounds' p99 (exact, from every response time). **Uncached**: the same \`GET /\` with a`,
      `\`Cookie: ${UNCACHED_COOKIE}\` header: a request holding any \`${SESSION_COOKIE}\` cookie is never served from`,
      `the page cache, and this value is not shaped like a session token, so the account plugin looks`,
      `nothing up and the visitor stays anonymous: the page is routed (the route table and site`,
      `settings from the engine's cache), its record read and rendered anew each time. Sent **one request at a time on one`,
      `keep-alive connection** (autocannon, ${u.connections} connection), as what one visitor waits for; the baseline is the`,
      `cached page the same way. After a ${u.warmupSeconds} s warm-up of each, ${u.rounds} rounds of ${u.roundSeconds} s alternate cached,`,
      `uncached, ...; medians of the rounds' p50 and p95. Every answer must be 2xx; before the load the`,
      `two pages are checked to be HTML with the same title, and the page's script against the theme's`,
      `manifest. Both sides run on one process, so its CPU profile (\`--profile\`) mixes them.`,
    ].join('\n')
  },
  async run(context) {
    const p = storefrontRenderPlan(context.quick)
    const u = uncachedPlan(context.quick)
    return withFreshKernel(context, 'storefront-render', {}, async (kernel) => {
      const port = kernel.port

      const cached = await request(port, PAGE_PATH, { headers: PAGE_HEADERS })
      const title = checkPage('anonymous', cached)
      const uncached = await request(port, PAGE_PATH, { headers: UNCACHED_HEADERS })
      const uncachedTitle = checkPage('with the uncached cookie', uncached)
      if (uncachedTitle !== title)
        throw new Error(
          `GET ${PAGE_PATH} with ${UNCACHED_COOKIE} shows "${uncachedTitle}", not the anonymous page's "${title}"`,
        )
      const sameBytes = cached.body === uncached.body
      const info = await request(port, INFO_PATH, { headers: DEVICE_HEADERS })
      if (info.status !== 200) throw new Error(`GET ${INFO_PATH} answered ${info.status}`)

      // The page must load the theme's entry as the manifest names it, or the figures of
      // storefront-bundle are about another build.
      const scripts = pageScripts(cached.body, THEME_BUILD.base)
      let scriptNote: string
      try {
        const { manifest } = readBuiltManifest(context.root, THEME_BUILD)
        const entryFile = manifest[THEME_BUILD.entry ?? '']?.file
        scriptNote =
          entryFile && scripts.includes(entryFile)
            ? `The page loads the theme's entry chunk as the manifest names it (${scripts.length} script tag(s)).`
            : `The page's scripts (${scripts.join(', ') || 'none'}) are not the manifest's entry ${entryFile ?? '(none)'}: the kernel serves another build than storefront-bundle measured.`
      } catch (error) {
        scriptNote = `The theme's manifest could not be read: ${(error as Error).message}`
      }

      const loaded = await ceilingRounds(context, 'storefront-render', p, {
        server: kernel,
        path: PAGE_PATH,
        headers: PAGE_HEADERS,
      })
      const sequential = await alternatingRounds(
        context,
        'storefront-render uncached',
        u,
        { server: kernel, path: PAGE_PATH, headers: PAGE_HEADERS },
        { server: kernel, path: PAGE_PATH, headers: UNCACHED_HEADERS },
      )

      const { summary } = loaded
      const uncachedP50 = medianOf(sequential.pairs, 'kernel', 'p50Ms')
      const uncachedP95 = medianOf(sequential.pairs, 'kernel', 'p95Ms')
      const cachedP50 = medianOf(sequential.pairs, 'baseline', 'p50Ms')
      const ms = (value: number) => formatMeasure({ value, unit: 'ms' })
      const each = (pairs: readonly RoundPair[], field: 'p99Ms' | 'p50Ms') =>
        pairs.map((pair) => ms(pair.kernel[field])).join(', ')
      const bytes = (answer: Answer) => Buffer.byteLength(answer.body).toLocaleString('en-US')

      return {
        rows: [
          ...loadRows(loaded.pairs, { prefix: `${p.connections} connections: ` }),
          ...loadRows(sequential.pairs, {
            prefix: 'uncached vs cached, one at a time: ',
            latency: ['p50Ms', 'p95Ms', 'p99Ms'],
          }),
        ],
        targets: [
          {
            goal: `Storefront \`/\` for an anonymous visitor at ${p.connections} connections: at least ${Math.round(STOREFRONT_RENDER_TARGET * 100)}% of the kernel's own /query ceiling (GET /query/server/info, same process) in requests/s`,
            measured: summary.throughput,
            pass: summary.ratio >= STOREFRONT_RENDER_TARGET,
          },
          {
            goal: `Storefront \`/\` at ${p.connections} connections: p99 latency under ${STOREFRONT_P99_TARGET_MS} ms`,
            measured: summary.latency,
            pass: summary.p99Ms < STOREFRONT_P99_TARGET_MS,
          },
          {
            goal: `Storefront \`/\` rendered uncached (page cache bypassed by a \`${SESSION_COOKIE}\` cookie), requests one at a time: p50 under ${STOREFRONT_UNCACHED_P50_TARGET_MS} ms`,
            measured: `p50 ${ms(uncachedP50)}, p95 ${ms(uncachedP95)} (the cached page p50 ${ms(cachedP50)}, ratio ${formatRatio(ratio(uncachedP50, cachedP50))})`,
            pass: uncachedP50 < STOREFRONT_UNCACHED_P50_TARGET_MS,
          },
        ],
        notes: [
          `Requests/s ratio per round at ${p.connections} connections: ${summary.perRound.map(formatRatio).join(', ')}. Uncached p50 per round: ${each(sequential.pairs, 'p50Ms')}.`,
          `Answer sizes: \`/\` ${bytes(cached)} bytes (title "${title}"), uncached ${bytes(uncached)} bytes (${sameBytes ? 'byte for byte the cached page' : 'not the same bytes as the cached page'}), server/info ${bytes(info)} bytes. ${scriptNote}`,
        ],
        // One process answered every request: its profile covers all of them.
        kernelRequests:
          loaded.requests.kernel +
          loaded.requests.baseline +
          sequential.requests.kernel +
          sequential.requests.baseline,
        raw: {
          plan: p,
          uncachedPlan: u,
          requests: { load: loaded.requests, oneAtATime: sequential.requests },
          responseBytes: {
            page: Buffer.byteLength(cached.body),
            uncachedPage: Buffer.byteLength(uncached.body),
            serverInfo: Buffer.byteLength(info.body),
          },
          sameBytes,
          title,
          pageScripts: scripts,
          rounds: summary.rounds,
          uncachedRounds: sequential.pairs,
          ratio: summary.ratio,
        },
      }
    })
  },
}
