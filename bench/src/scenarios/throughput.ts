import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { assertClean, load, type LoadResult, type LoadSettings } from '../load.js'
import { get } from '../http-probe.js'
import {
  cpuTimeMs,
  DEVICE_HEADERS,
  INFO_PATH,
  startBareKoa,
  startKernel,
  type RunningServer,
} from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'

interface Round extends LoadResult {
  cpuUsPerRequest: number
  userUsPerRequest: number
  systemUsPerRequest: number
}
type Field = 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'cpuUsPerRequest'

/** The floor for kernel/bare requests per second. */
export const THROUGHPUT_TARGET = 0.7

function plan(quick: boolean): {
  connections: number
  warmupSeconds: number
  rounds: number
  roundSeconds: number
} {
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
    const p = plan(quick)
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
    const p = plan(context.quick)
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

      const settings = (seconds: number): LoadSettings => ({
        connections: p.connections,
        duration: seconds,
        headers: DEVICE_HEADERS,
      })
      context.log(`throughput: warm-up ${p.warmupSeconds} s each`)
      await load(bare.port, INFO_PATH, settings(p.warmupSeconds))
      await load(kernel.port, INFO_PATH, settings(p.warmupSeconds))

      // CPU time per request (the server's user + system time over the round, all its threads) is
      // steadier than requests/s on a shared machine, and tells a slow stack from a busy machine.
      const round = async (server: RunningServer, label: string): Promise<Round> => {
        const before = cpuTimeMs(server.pid)
        const result = await load(server.port, INFO_PATH, settings(p.roundSeconds))
        const after = cpuTimeMs(server.pid)
        assertClean(label, result)
        const perRequest = (ms: number): number => (ms * 1000) / result.total
        return {
          ...result,
          cpuUsPerRequest: perRequest(
            after.userMs - before.userMs + after.systemMs - before.systemMs,
          ),
          userUsPerRequest: perRequest(after.userMs - before.userMs),
          systemUsPerRequest: perRequest(after.systemMs - before.systemMs),
        }
      }
      const rounds: Array<{ bare: Round; kernel: Round }> = []
      for (let n = 1; n <= p.rounds; n++) {
        context.log(
          `throughput: round ${n}/${p.rounds} (${p.roundSeconds} s bare, ${p.roundSeconds} s kernel)`,
        )
        const bareRound = await round(bare, `bare Koa round ${n}`)
        const kernelRound = await round(kernel, `kernel round ${n}`)
        rounds.push({ bare: bareRound, kernel: kernelRound })
      }

      const of = (side: 'bare' | 'kernel', field: Field): number =>
        median(rounds.map((r) => r[side][field]))
      const kernelRps = of('kernel', 'requestsPerSecond')
      const bareRps = of('bare', 'requestsPerSecond')
      const throughputRatio = ratio(kernelRps, bareRps)
      const row = (metric: string, field: Field, unit: 'req/s' | 'ms' | 'µs') => {
        const shopwright = of('kernel', field)
        const baseline = of('bare', field)
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
          row('server CPU per request (user + sys)', 'cpuUsPerRequest', 'µs'),
        ],
        targets: [
          {
            goal: "A /query GET through the full middleware stack at no less than 70% of bare Koa's requests/s in the same run",
            measured: `${formatRatio(throughputRatio)} (${formatMeasure({ value: kernelRps, unit: 'req/s' })} vs ${formatMeasure({ value: bareRps, unit: 'req/s' })})`,
            pass: throughputRatio >= THROUGHPUT_TARGET,
          },
        ],
        notes: [
          `Requests/s ratio per round: ${rounds.map((r) => formatRatio(ratio(r.kernel.requestsPerSecond, r.bare.requestsPerSecond))).join(', ')}.`,
        ],
        raw: {
          plan: p,
          responseBytes: {
            kernel: Buffer.byteLength(kernelInfo.body),
            bare: Buffer.byteLength(bareInfo.body),
          },
          plugins: (JSON.parse(kernelInfo.body) as { plugins?: unknown }).plugins,
          rounds: rounds.map((r) => ({
            ...r,
            ratio: ratio(r.kernel.requestsPerSecond, r.bare.requestsPerSecond),
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
