/**
 * The list scenarios' baseline (drive-list, log-list, sessions-list): bare Koa answering the
 * kernel's own first page, byte for byte, measured against the kernel in alternating rounds at 50
 * connections and then one request at a time.
 *
 * Why it exists: the three scenarios measured this the same way, each with its own copy of the
 * block (start bare Koa on the page, check the bytes, two `alternatingRounds` plans, the same
 * medians, table rows and target line). One copy keeps their figures comparable with each other:
 * the same plans, row names, ratios and wording. What stays in each scenario is what differs: how
 * the data is made, how the first page is checked, and notes; paging has its own home, paging.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { BenchContext, ResultRow } from './scenario.js'
import { request } from './http-probe.js'
import { DEVICE_HEADERS, startBareKoa, type RunningServer } from './servers.js'
import { ratio } from './stats.js'
import { formatMeasure, formatRatio } from './format.js'
import {
  alternatingRounds,
  loadRows,
  medianOf,
  type RoundPlan,
  type RoundsResult,
} from './rounds.js'

/** The two load plans of a page baseline: for requests/s, and for the latency of one request. */
export interface PageRoundPlans {
  /** 50 connections: requests/s (its p50 is mostly queueing on 2 cores). */
  loaded: RoundPlan
  /** One connection, one request at a time: the latency the list targets are about. */
  single: RoundPlan
}

/** The plans every list scenario loads its first page with; `--quick` shortens them for a smoke run. */
export function pageRoundPlans(quick: boolean): PageRoundPlans {
  return quick
    ? {
        loaded: { connections: 50, warmupSeconds: 1, rounds: 2, roundSeconds: 2 },
        single: { connections: 1, warmupSeconds: 1, rounds: 2, roundSeconds: 2 },
      }
    : {
        loaded: { connections: 50, warmupSeconds: 3, rounds: 3, roundSeconds: 5 },
        single: { connections: 1, warmupSeconds: 2, rounds: 3, roundSeconds: 4 },
      }
}

/** The kernel a list scenario measures: its name, its folder, and its signed-in caller. */
export interface PageSite {
  /** The scenario's name: the progress lines and round labels start with it. */
  label: string
  /** The scenario's temporary folder: the page file and bare-koa.log go there. */
  dir: string
  kernel: RunningServer
  /** The headers of the signed-in caller's requests. */
  headers: Record<string, string>
}

/** A first page as the kernel answered it. */
export interface FirstPage {
  /** The path loaded on both sides, query string included; bare Koa answers its path part. */
  path: string
  /** The kernel's answer to `path`: bare Koa answers these bytes. */
  body: string
}

/** The kernel's first page at `urlPath` for the site's caller; anything but a 200 throws. */
export async function firstPage(site: PageSite, urlPath: string): Promise<FirstPage> {
  const answer = await request(site.kernel.port, urlPath, { headers: site.headers })
  if (answer.status !== 200)
    throw new Error(`GET ${urlPath} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  return { path: urlPath, body: answer.body }
}

/** The rounds of both plans, with the figures the list scenarios report from them. */
export interface PageBaseline {
  loaded: RoundsResult
  single: RoundsResult
  /** The table rows: `50 connections: ...` (p50, p99) then `one at a time: ...` (p50, p95). */
  rows: ResultRow[]
  /** The kernel's p50 one request at a time, in ms: what the targets are checked against. */
  singleP50: number
  /** The kernel's requests/s at the loaded plan over the baseline's (medians of the rounds). */
  loadedRatio: number
  /** The target line's `measured` text: both p50s, and the loaded p50 and requests/s with bare Koa's. */
  measured: string
  /** Requests each side answered over both plans, warm-ups included. */
  kernelRequests: number
  baselineRequests: number
}

/** What to measure against a baseline server the caller started and checked. */
export interface BaselineOptions {
  /** The scenario's name: the progress lines and round labels start with it. */
  label: string
  plans: PageRoundPlans
  /** The running kernel, and the headers of its caller's requests. */
  kernel: RunningServer
  headers: Record<string, string>
  /** The path loaded on both sides, query string included. */
  path: string
  /** The baseline, already answering `path` with the kernel's bytes. */
  baseline: RunningServer
  /** The baseline as the target line names it: `bare Koa with the same page`. */
  baselineName: string
}

/**
 * Runs the loaded plan and then the one-at-a-time plan alternating the baseline and the kernel on
 * `path`; the figures the list scenarios report from them (the baseline is the caller's to stop).
 */
export async function measureAgainstBaseline(
  context: BenchContext,
  options: BaselineOptions,
): Promise<PageBaseline> {
  const { label, plans, kernel, headers, baseline, baselineName } = options
  const kernelTarget = { server: kernel, path: options.path, headers }
  const baselineTarget = { server: baseline, path: options.path, headers: DEVICE_HEADERS }
  const loaded = await alternatingRounds(
    context,
    `${label} ${plans.loaded.connections} connections`,
    plans.loaded,
    baselineTarget,
    kernelTarget,
  )
  const single = await alternatingRounds(
    context,
    `${label} one at a time`,
    plans.single,
    baselineTarget,
    kernelTarget,
  )

  const singleP50 = medianOf(single.pairs, 'kernel', 'p50Ms')
  const baselineSingleP50 = medianOf(single.pairs, 'baseline', 'p50Ms')
  const loadedP50 = medianOf(loaded.pairs, 'kernel', 'p50Ms')
  const kernelRps = medianOf(loaded.pairs, 'kernel', 'requestsPerSecond')
  const baselineRps = medianOf(loaded.pairs, 'baseline', 'requestsPerSecond')
  const ms = (value: number) => ({ value, unit: 'ms' as const })
  const rps = (value: number) => ({ value, unit: 'req/s' as const })
  const shortName = baselineName.split(' with ')[0]!
  return {
    loaded,
    single,
    rows: [
      ...loadRows(loaded.pairs, { prefix: `${plans.loaded.connections} connections: ` }),
      ...loadRows(single.pairs, { prefix: 'one at a time: ', latency: ['p50Ms', 'p95Ms'] }),
    ],
    singleP50,
    loadedRatio: ratio(kernelRps, baselineRps),
    measured: `p50 ${formatMeasure(ms(singleP50))} one request at a time (${baselineName} ${formatMeasure(ms(baselineSingleP50))}); at ${plans.loaded.connections} connections p50 ${formatMeasure(ms(loadedP50))}, ${formatMeasure(rps(kernelRps))} (${shortName} ${formatMeasure(rps(baselineRps))}, ratio ${formatRatio(ratio(kernelRps, baselineRps))})`,
    kernelRequests: loaded.requests.kernel + single.requests.kernel,
    baselineRequests: loaded.requests.baseline + single.requests.baseline,
  }
}

/**
 * Starts bare Koa (`bench/src/bare-koa-server.ts`) answering the page's body on the path of its
 * path, checks that it answers the same bytes, runs `body` with it and stops it again, however
 * `body` ends (the kernel is the caller's).
 */
export async function withBarePage<T>(
  context: BenchContext,
  site: PageSite,
  page: FirstPage,
  body: (bare: RunningServer) => Promise<T>,
): Promise<T> {
  const pageFile = path.join(site.dir, 'first-page.json')
  fs.writeFileSync(pageFile, page.body)
  let bare: RunningServer | undefined
  try {
    bare = await startBareKoa(context, path.join(site.dir, 'bare-koa.log'), {
      STATIC_PATH: page.path.split('?')[0]!,
      STATIC_FILE: pageFile,
    })
    const baselineAnswer = await request(bare.port, page.path, { headers: DEVICE_HEADERS })
    if (baselineAnswer.body !== page.body)
      throw new Error('the bare Koa page differs from the kernel page')
    return await body(bare)
  } finally {
    if (bare) await context.children.stop(bare.child)
  }
}

/**
 * Runs the loaded plan and then the one-at-a-time plan alternating bare Koa answering the page's
 * bytes (withBarePage) and the kernel. The scenario checks the page before: that it is the page
 * its data should give.
 */
export function measureAgainstBarePage(
  context: BenchContext,
  site: PageSite,
  plans: PageRoundPlans,
  page: FirstPage,
): Promise<PageBaseline> {
  return withBarePage(context, site, page, (bare) =>
    measureAgainstBaseline(context, {
      label: site.label,
      plans,
      kernel: site.kernel,
      headers: site.headers,
      path: page.path,
      baseline: bare,
      baselineName: 'bare Koa with the same page',
    }),
  )
}
