import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { get } from '../http-probe.js'
import {
  DEVICE_HEADERS,
  INFO_PATH,
  startBareKoa,
  startKernel,
  type RunningServer,
} from '../servers.js'
import { ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { alternatingRounds, loadRows, medianOf, roundRatios, type RoundPlan } from '../rounds.js'

/** The floor for kernel/bare requests per second. */
export const THROUGHPUT_TARGET = 0.7

/** 10 connections: the load of the kernel's /query ceiling, also used by account-get. */
export function throughputPlan(quick: boolean): RoundPlan {
  return quick
    ? { connections: 10, warmupSeconds: 1, rounds: 2, roundSeconds: 2 }
    : { connections: 10, warmupSeconds: 3, rounds: 3, roundSeconds: 5 }
}

/**
 * Requests per second of `GET /query/server/info` through the kernel's whole middleware stack,
 * against a bare Koa app answering the same JSON, alternating rounds on a noisy machine.
 */
export const throughput: Scenario = {
  name: 'throughput',
  title: 'Throughput: GET /query/server/info',
  method(quick) {
    const p = throughputPlan(quick)
    return [
      `Two child processes on 127.0.0.1, free ports: \`shopwright start\` on a fresh seeded SQLite DATA_DIR`,
      `(default plugins, default log level \`info\`: one JSON line per request, written to a file), and`,
      `\`bench/src/bare-koa-server.ts\`, a Koa 3 app with one route answering the same JSON (same keys, same size).`,
      `autocannon runs in the bench process: ${p.connections} connections, pipelining 1, header \`Device: bench\`.`,
      `It is one thread on the same 2 cores, so a server gets about one core; near bare Koa's rate`,
      `autocannon itself can become the limit, which understates the ceiling and flatters the ratio.`,
      `After a ${p.warmupSeconds} s warm-up of each, ${p.rounds} rounds of ${p.roundSeconds} s alternate`,
      `bare, kernel, bare, kernel, ...; the table shows the median of the rounds, and the ratio is`,
      `median kernel requests/s over median bare requests/s. Latency percentiles are exact, from every`,
      `response time. "Server CPU per request" is the server process's user + system CPU time (all`,
      `threads, from \`/proc/<pid>/stat\`) over a round divided by the requests it answered: it moves`,
      `less than requests/s when the machine is busy. A round with any error or non-2xx answer fails`,
      `the run.`,
    ].join('\n')
  },
  async run(context) {
    const p = throughputPlan(context.quick)
    const dir = await context.tempDir('throughput-')
    let kernel: RunningServer | undefined
    let bare: RunningServer | undefined
    try {
      context.log('throughput: starting the kernel and bare Koa')
      kernel = await startKernel(context, {
        dataDir: path.join(dir, 'data'),
        logFile: path.join(dir, 'kernel.log'),
      })
      bare = await startBareKoa(context, path.join(dir, 'bare-koa.log'))

      const kernelInfo = await get(kernel.port, INFO_PATH, DEVICE_HEADERS)
      const bareInfo = await get(bare.port, INFO_PATH, DEVICE_HEADERS)
      const shape = (body: string): string => Object.keys(JSON.parse(body) as object).join(',')
      if (kernelInfo.status !== 200 || shape(kernelInfo.body) !== shape(bareInfo.body)) {
        throw new Error(
          `the two servers answer differently: ${kernelInfo.status} ${kernelInfo.body} vs ${bareInfo.body}`,
        )
      }

      const { pairs, requests } = await alternatingRounds(
        context,
        'throughput',
        p,
        { server: bare, path: INFO_PATH, headers: DEVICE_HEADERS },
        { server: kernel, path: INFO_PATH, headers: DEVICE_HEADERS },
      )
      const kernelRps = medianOf(pairs, 'kernel', 'requestsPerSecond')
      const bareRps = medianOf(pairs, 'baseline', 'requestsPerSecond')
      const throughputRatio = ratio(kernelRps, bareRps)
      const perRound = roundRatios(pairs)
      return {
        rows: loadRows(pairs),
        targets: [
          {
            goal: "A /query GET through the full middleware stack at no less than 70% of bare Koa's requests/s in the same run",
            measured: `${formatRatio(throughputRatio)} (${formatMeasure({ value: kernelRps, unit: 'req/s' })} vs ${formatMeasure({ value: bareRps, unit: 'req/s' })})`,
            pass: throughputRatio >= THROUGHPUT_TARGET,
          },
        ],
        notes: [`Requests/s ratio per round: ${perRound.map(formatRatio).join(', ')}.`],
        kernelRequests: requests.kernel,
        baselineRequests: requests.baseline,
        raw: {
          plan: p,
          requests,
          responseBytes: {
            kernel: Buffer.byteLength(kernelInfo.body),
            bare: Buffer.byteLength(bareInfo.body),
          },
          plugins: (JSON.parse(kernelInfo.body) as { plugins?: unknown }).plugins,
          rounds: pairs.map((pair, n) => ({
            bare: pair.baseline,
            kernel: pair.kernel,
            ratio: perRound[n],
          })),
          ratio: throughputRatio,
        },
      }
    } finally {
      await Promise.all(
        [kernel, bare].map((server) => (server ? context.children.stop(server.child) : undefined)),
      )
    }
  },
}
