import path from 'node:path'
import type { Scenario } from '../scenario.js'
import { startBareNode, startKernel, type RunningServer } from '../servers.js'
import { median } from '../stats.js'
import { formatMeasure } from '../format.js'
import { comparedRow } from '../result-row.js'

/** The limit for a restart, process spawn to the first 200 from /readyz. */
export const COLD_START_TARGET_MS = 1_000
const POLL_MS = 5

function runsOf(quick: boolean): number {
  return quick ? 2 : 5
}

interface Timed {
  startMs: number
  stopMs: number
  exitCode: number | null
  signal: string | null
}

/**
 * Spawn to first 200 from /readyz: a restart on a migrated and seeded SQLite file, and a first start
 * on an empty DATA_DIR (migrations and 460 seed records), against node's own start-up.
 */
export const coldStart: Scenario = {
  name: 'cold-start',
  title: 'Cold start: spawn to first 200 from /readyz',
  method(quick) {
    return [
      `Wall time from spawning \`node cli/bin/shopwright.js start\` to the first 200 from \`GET /readyz\`,`,
      `polled every ${POLL_MS} ms (connection refused and 503 count as not yet), SQLite in a temporary`,
      `DATA_DIR: (a) **restart**, a DATA_DIR already migrated and seeded; (b) **first start**, an empty`,
      `DATA_DIR (migrations plus seeding 460 records). Baseline: the same measurement of`,
      `\`node -e "require('http').createServer((q,s)=>s.end('ok')).listen(PORT, '127.0.0.1')"\`, i.e.`,
      `node's own start-up. One unmeasured start first prepares the seeded DATA_DIR and warms the file`,
      `cache; then ${runsOf(quick)} iterations of node, restart, first start; each server is stopped with`,
      `SIGTERM and awaited before the next spawn. Medians.`,
    ].join('\n')
  },
  async run(context) {
    const runs = runsOf(context.quick)
    const dir = await context.tempDir('cold-start-')
    const seeded = path.join(dir, 'seeded')

    const timed = async (start: () => Promise<RunningServer>): Promise<Timed> => {
      const server = await start()
      const stopping = performance.now()
      await context.children.stop(server.child, 10_000)
      return {
        startMs: server.startMs,
        stopMs: performance.now() - stopping,
        exitCode: server.child.exitCode,
        signal: server.child.signalCode,
      }
    }
    const kernelIn = (dataDir: string, log: string) => () =>
      startKernel(context, { dataDir, logFile: path.join(dir, log), intervalMs: POLL_MS })

    context.log('cold-start: preparing a seeded DATA_DIR')
    const preparation = await timed(kernelIn(seeded, 'prepare.log'))

    const node: Timed[] = []
    const restart: Timed[] = []
    const first: Timed[] = []
    for (let run = 1; run <= runs; run++) {
      context.log(`cold-start: run ${run}/${runs}`)
      node.push(await timed(() => startBareNode(context, path.join(dir, 'node.log'), POLL_MS)))
      restart.push(await timed(kernelIn(seeded, `restart-${run}.log`)))
      first.push(await timed(kernelIn(path.join(dir, `empty-${run}`), `first-${run}.log`)))
    }

    const nodeMs = median(node.map((t) => t.startMs))
    const restartMs = median(restart.map((t) => t.startMs))
    const firstMs = median(first.map((t) => t.startMs))
    const ms = (value: number) => ({ value, unit: 'ms' as const })
    return {
      rows: [
        comparedRow('restart, seeded SQLite', ms(restartMs), ms(nodeMs)),
        comparedRow('first start, empty SQLite', ms(firstMs), ms(nodeMs)),
      ],
      targets: [
        {
          goal: 'Cold start: process start to the first 200 from /readyz within 1 s on SQLite',
          measured: `restart ${formatMeasure(ms(restartMs))} (first start on an empty database ${formatMeasure(ms(firstMs))}; node alone ${formatMeasure(ms(nodeMs))})`,
          pass: restartMs < COLD_START_TARGET_MS,
        },
      ],
      raw: { pollMs: POLL_MS, runs, preparation, node, restart, firstStart: first },
    }
  },
}
