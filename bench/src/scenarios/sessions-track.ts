import path from 'node:path'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import type { ResultRow, Scenario } from '../scenario.js'
import { HOST, get } from '../http-probe.js'
import {
  cpuTimeMs,
  DEVICE_HEADERS,
  INFO_PATH,
  startKernel,
  type RunningServer,
} from '../servers.js'
import { sqliteFile } from '../record-table.js'
import { median, percentile, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'

/** The floor: tracking at no less than 40% of the kernel's own /query ceiling. */
export const TRACK_TARGET = 0.4
/** The plugins of a site with sessions, named so the figures never depend on the default list. */
export const SESSIONS_PLUGINS = 'records,account,translations,sessions'
/** The columns of `sessions_sessions` the scenarios that fill it directly insert, in order. */
export const SESSION_COLUMNS = `id, started_at, ended_at, confirmed, visits, ip, user_agent, device,
  browser, browser_version, os, os_version, platform, city, region, country, latitude, longitude,
  language, referer, medium, robot, virus, spam, reasons`
const CONNECTIONS = 50

interface Plan {
  warmupSeconds: number
  rounds: number
  roundSeconds: number
}

const planOf = (quick: boolean): Plan =>
  quick
    ? { warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { warmupSeconds: 3, rounds: 3, roundSeconds: 5 }

interface Round {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  total: number
  ok: number
  bad: number
  /** CPU the kernel used during the round, per second of it (1 = one core busy throughout). */
  kernelCpu: number
  /** The same for this process (autocannon): a ratio is the kernel's only while this stays below 1. */
  loadCpu: number
}

/** CPU time of the kernel's process and of this one, in ms, for a round's share of a core. */
function cpuNow(pid: number): { kernel: number; load: number; at: number } {
  const kernel = cpuTimeMs(pid)
  const load = process.cpuUsage()
  return {
    kernel: kernel.userMs + kernel.systemMs,
    load: (load.user + load.system) / 1000,
    at: performance.now(),
  }
}

/**
 * One autocannon round. `track`: each request a `POST /query/track` of one page, the connection's
 * own visitor (one of `cookies`, so 50 visits go on at once), each page a start of its own, so
 * every 2xx answer is one page the database must hold.
 */
function round(
  port: number,
  pid: number,
  seconds: number,
  track: { cookies: readonly string[]; nextStart: () => number; accepted: Set<number> } | undefined,
): Promise<Round> {
  const times: number[] = []
  let ok = 0
  let bad = 0
  let connection = 0
  const before = cpuNow(pid)
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://${HOST}:${port}${track ? '/query/track' : INFO_PATH}`,
        connections: CONNECTIONS,
        pipelining: 1,
        timeout: 10,
        duration: seconds,
        headers: DEVICE_HEADERS,
        ...(track
          ? {
              requests: [
                {
                  method: 'POST' as const,
                  setupRequest(request: autocannon.Request, context: object) {
                    // Each connection has its own context: it keeps one visitor's cookie.
                    const visitor = context as { cookie?: string; start?: number }
                    visitor.cookie ??= track.cookies[connection++ % track.cookies.length]
                    const start = track.nextStart()
                    visitor.start = start
                    return {
                      ...request,
                      headers: {
                        ...DEVICE_HEADERS,
                        'content-type': 'application/json',
                        cookie: visitor.cookie!,
                      },
                      body: JSON.stringify({
                        pages: [
                          { href: '/bench', entry: '', exit: '', start, end: start, scroll: 50 },
                        ],
                      }),
                    }
                  },
                  // One request at a time per connection: this answer is the page just set up.
                  onResponse(status: number, _body: string, context: object) {
                    const sent = (context as { start?: number }).start
                    if (status >= 200 && status < 300 && sent !== undefined)
                      track.accepted.add(sent)
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)))
        const after = cpuNow(pid)
        const elapsed = after.at - before.at
        resolve({
          kernelCpu: (after.kernel - before.kernel) / elapsed,
          loadCpu: (after.load - before.load) / elapsed,
          requestsPerSecond: result.requests.average,
          p50Ms: times.length ? percentile(times, 50) : Number.NaN,
          p99Ms: times.length ? percentile(times, 99) : Number.NaN,
          total: result.requests.total,
          ok,
          bad: bad + result.errors + result.timeouts,
        })
      },
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        ok++
        times.push(responseTime)
      } else bad++
    })
  })
}

/** A round's CPU as `kernel / autocannon` in cores. */
const cores = (each: Round): string => `${each.kernelCpu.toFixed(2)} / ${each.loadCpu.toFixed(2)}`

/** A new visitor's cookie: a track post without one starts a session and answers its cookie. */
async function newVisitor(port: number, start: number): Promise<string> {
  const response = await fetch(`http://${HOST}:${port}/query/track`, {
    method: 'POST',
    headers: { ...DEVICE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      pages: [{ href: '/bench', entry: '', exit: '', start, end: start, scroll: 0 }],
    }),
  })
  await response.arrayBuffer()
  const token = /sw_visit=([A-Za-z0-9_-]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1]
  if (response.status !== 200 || !token)
    throw new Error(`POST /query/track answered ${response.status} without a visit cookie`)
  return `sw_visit=${token}`
}

/**
 * `POST /query/track` with one page per call at 50 connections against the same kernel's
 * `GET /query/server/info` (the /query ceiling of the throughput scenario) at 50 connections;
 * then the kernel is stopped (SIGTERM) and every page answered 2xx is looked for in its database.
 */
export const sessionsTrack: Scenario = {
  name: 'sessions-track',
  title: 'Sessions: POST /query/track, one page per call',
  method(quick) {
    const p = planOf(quick)
    return [
      `One kernel (\`PLUGINS=${SESSIONS_PLUGINS}\`, SQLite, fresh DATA_DIR, default log level, geo-IP on,`,
      `\`SESSIONS_TRACK_LIMIT\` raised to 1,000,000,000 a minute so the one-address load is not refused while the`,
      `limiter still counts every call; \`SESSIONS_START_LIMIT\` and \`SESSIONS_COOKIELESS_LIMIT\` 0, no hourly budget`,
      `of new sessions). ${CONNECTIONS} visitors are made first (a track post without a cookie each).`,
      `autocannon, ${CONNECTIONS} connections, pipelining 1: each connection posts as one of those visitors, one page a`,
      `call, every page with a start of its own (so each 2xx answer is one row the database must end up with).`,
      `The ceiling is the same kernel's \`GET ${INFO_PATH}\` (the throughput scenario's call) at ${CONNECTIONS} connections.`,
      `After a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s alternate ceiling, track, ...; medians. Any non-2xx`,
      `answer fails the run. Then the kernel gets SIGTERM (its destroy hooks write what is queued), and the`,
      `bench counts the rows of \`sessions_pages\` in its SQLite file against the 2xx answers. Each round also records`,
      `the CPU the kernel (from /proc) and autocannon (this process) used, in cores: the ratio is the kernel's`,
      `only while the kernel is the one near a full core.`,
    ].join('\n')
  },
  async run(context) {
    const p = planOf(context.quick)
    const dir = await context.tempDir('sessions-track-')
    const dataDir = path.join(dir, 'data')
    let kernel: RunningServer | undefined
    try {
      context.log('sessions-track: starting a kernel with sessions')
      kernel = await startKernel(context, {
        dataDir,
        logFile: path.join(dir, 'kernel.log'),
        // The visitors' new sessions are from one address too: no hourly budget for them either.
        settings: {
          PLUGINS: SESSIONS_PLUGINS,
          SESSIONS_TRACK_LIMIT: '1000000000',
          SESSIONS_START_LIMIT: '0',
          SESSIONS_COOKIELESS_LIMIT: '0',
        },
      })
      const pid = kernel.child.pid!
      const info = await get(kernel.port, INFO_PATH, DEVICE_HEADERS)
      if (info.status !== 200) throw new Error(`GET ${INFO_PATH} answered ${info.status}`)
      let start = Date.now() - 3_600_000
      const nextStart = () => start++
      const cookies: string[] = []
      for (let n = 0; n < CONNECTIONS; n++) cookies.push(await newVisitor(kernel.port, nextStart()))
      const accepted = new Set<number>()
      const track = { cookies, nextStart, accepted }

      const rounds: Array<{ ceiling: Round; track: Round }> = []
      const check = (label: string, result: Round) => {
        if (result.bad || !result.ok)
          throw new Error(`${label}: ${result.total} requests, ${result.bad} failed or not 2xx`)
      }
      context.log(`sessions-track: warm-up ${p.warmupSeconds} s each`)
      check('ceiling warm-up', await round(kernel.port, pid, p.warmupSeconds, undefined))
      check('track warm-up', await round(kernel.port, pid, p.warmupSeconds, track))
      for (let n = 1; n <= p.rounds; n++) {
        context.log(`sessions-track: round ${n}/${p.rounds}`)
        const ceiling = await round(kernel.port, pid, p.roundSeconds, undefined)
        check(`ceiling round ${n}`, ceiling)
        const tracked = await round(kernel.port, pid, p.roundSeconds, track)
        check(`track round ${n}`, tracked)
        rounds.push({ ceiling, track: tracked })
      }

      context.log('sessions-track: SIGTERM, then counting the stored pages')
      const stopped = performance.now()
      await context.children.stop(kernel.child, 30_000)
      const stopMs = performance.now() - stopped
      kernel = undefined
      const db = new Database(sqliteFile(dataDir), { readonly: true })
      let stored: number
      let sessions: number
      let missing: number
      try {
        const keys = db.prepare('SELECT page_key FROM sessions_pages').pluck().all() as number[]
        const held = new Set(keys.map(Number))
        stored = held.size
        missing = [...accepted].filter((start) => !held.has(start)).length
        sessions = (
          db.prepare('SELECT COUNT(*) AS n FROM sessions_sessions').get() as { n: number }
        ).n
      } finally {
        db.close()
      }

      const medianOf = (side: 'ceiling' | 'track', field: keyof Round) =>
        median(rounds.map((each) => each[side][field]))
      const trackRps = medianOf('track', 'requestsPerSecond')
      const ceilingRps = medianOf('ceiling', 'requestsPerSecond')
      const share = ratio(trackRps, ceilingRps)
      const row = (metric: string, field: keyof Round, unit: 'req/s' | 'ms'): ResultRow => {
        const shopwright = medianOf('track', field)
        const baseline = medianOf('ceiling', field)
        return {
          metric,
          shopwright: { value: shopwright, unit },
          baseline: { value: baseline, unit },
          ratio: ratio(shopwright, baseline),
        }
      }
      return {
        rows: [
          row('requests/s (median)', 'requestsPerSecond', 'req/s'),
          row('latency p50', 'p50Ms', 'ms'),
          row('latency p99', 'p99Ms', 'ms'),
        ],
        targets: [
          {
            goal: `POST /query/track, one page per call at ${CONNECTIONS} connections: at least ${Math.round(TRACK_TARGET * 100)}% of the kernel's /query ceiling in the same run`,
            measured: `${formatRatio(share)} (${formatMeasure({ value: trackRps, unit: 'req/s' })} vs ${formatMeasure({ value: ceilingRps, unit: 'req/s' })} for GET ${INFO_PATH})`,
            pass: share >= TRACK_TARGET,
          },
          {
            goal: 'After the flush (SIGTERM), every page answered 2xx is stored',
            measured: `${missing} of ${accepted.size.toLocaleString('en-US')} pages answered 2xx missing; ${stored.toLocaleString('en-US')} stored (a round's last calls may be stored unanswered), ${sessions} sessions; the stop took ${Math.round(stopMs)} ms`,
            pass: missing === 0 && accepted.size > 0,
          },
        ],
        notes: [
          `Track requests/s ratio per round: ${rounds.map((each) => formatRatio(ratio(each.track.requestsPerSecond, each.ceiling.requestsPerSecond))).join(', ')}.`,
          `CPU per round, in cores (kernel / autocannon): ceiling ${rounds.map((each) => cores(each.ceiling)).join(', ')}; track ${rounds.map((each) => cores(each.track)).join(', ')}. The ratio is the kernel's while the kernel is near one core and autocannon below it.`,
        ],
        kernelRequests: accepted.size,
        raw: { plan: p, rounds, accepted: accepted.size, missing, stored, sessions, stopMs },
      }
    } finally {
      if (kernel) await context.children.stop(kernel.child)
    }
  },
}
