import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { get } from '../http-probe.js'
import { DEVICE_HEADERS, INFO_PATH, startBareKoa, startKernel } from '../servers.js'
import type { RoundPlan } from '../rounds.js'
import { withServers } from '../with-servers.js'
import { ratioRounds } from '../ratio-rounds.js'

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
    return withServers(context, 'throughput', async ({ dir, keep }) => {
      context.log('throughput: starting the kernel and bare Koa')
      const kernel = keep(
        await startKernel(context, {
          dataDir: path.join(dir, 'data'),
          logFile: path.join(dir, 'kernel.log'),
        }),
      )
      const bare = keep(await startBareKoa(context, path.join(dir, 'bare-koa.log')))

      const kernelInfo = await get(kernel.port, INFO_PATH, DEVICE_HEADERS)
      const bareInfo = await get(bare.port, INFO_PATH, DEVICE_HEADERS)
      const shape = (body: string): string => Object.keys(JSON.parse(body) as object).join(',')
      if (kernelInfo.status !== 200 || shape(kernelInfo.body) !== shape(bareInfo.body)) {
        throw new Error(
          `the two servers answer differently: ${kernelInfo.status} ${kernelInfo.body} vs ${bareInfo.body}`,
        )
      }

      return ratioRounds(context, {
        label: 'throughput',
        plan: p,
        baseline: { server: bare, path: INFO_PATH, headers: DEVICE_HEADERS },
        kernel: { server: kernel, path: INFO_PATH, headers: DEVICE_HEADERS },
        goal: "A /query GET through the full middleware stack at no less than 70% of bare Koa's requests/s in the same run",
        floor: THROUGHPUT_TARGET,
        raw: {
          responseBytes: {
            kernel: Buffer.byteLength(kernelInfo.body),
            bare: Buffer.byteLength(bareInfo.body),
          },
          plugins: (JSON.parse(kernelInfo.body) as { plugins?: unknown }).plugins,
        },
        baselineKey: 'bare',
      })
    })
  },
}
