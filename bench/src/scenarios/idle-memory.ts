import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Scenario } from '../scenario.js'
import { assertClean, load } from '../load.js'
import {
  DEVICE_HEADERS,
  INFO_PATH,
  residentMb,
  startBareKoa,
  startKernel,
  type RunningServer,
} from '../servers.js'
import { median } from '../stats.js'
import { formatMeasure } from '../format.js'
import { comparedRow } from '../result-row.js'

/** The ceiling for the kernel's idle RSS with the built-in plugins. */
export const IDLE_MEMORY_TARGET_MB = 120
const WARMUP_REQUESTS = 200
const IDLE_MS = 2_000

function runsOf(quick: boolean): number {
  return quick ? 1 : 3
}

interface Sample {
  rssMb: number
  peakMb: number
}

/** RSS of the kernel (default plugins) and of bare Koa, each fresh, after 200 requests and 2 s idle. */
export const idleMemory: Scenario = {
  name: 'idle-memory',
  title: 'Idle memory: RSS after start, 200 requests, 2 s idle',
  method(quick) {
    return [
      `VmRSS from \`/proc/<pid>/status\` (MB = 1024 × 1024 bytes) of a freshly started process after`,
      `${WARMUP_REQUESTS} requests to \`GET /query/server/info\` (autocannon, 10 connections) and ${IDLE_MS / 1000} s idle: the`,
      `kernel with the default plugin list on an already seeded SQLite DATA_DIR, and, as the baseline,`,
      `the bare Koa server. ${runsOf(quick)} run(s) of each, alternating; medians. VmHWM (peak RSS) is`,
      `in the JSON file.`,
    ].join('\n')
  },
  async run(context) {
    const runs = runsOf(context.quick)
    const dir = await context.tempDir('idle-memory-')
    const dataDir = path.join(dir, 'data')

    const sample = async (server: RunningServer, label: string): Promise<Sample> => {
      try {
        const warm = await load(server.port, INFO_PATH, {
          connections: 10,
          amount: WARMUP_REQUESTS,
          headers: DEVICE_HEADERS,
        })
        assertClean(`${label} warm-up`, warm)
        await sleep(IDLE_MS)
        return { rssMb: residentMb(server.pid), peakMb: residentMb(server.pid, 'VmHWM') }
      } finally {
        await context.children.stop(server.child)
      }
    }

    context.log('idle-memory: seeding a DATA_DIR')
    const seeding = await startKernel(context, { dataDir, logFile: path.join(dir, 'seed.log') })
    await context.children.stop(seeding.child)

    const kernel: Sample[] = []
    const bare: Sample[] = []
    for (let run = 1; run <= runs; run++) {
      context.log(`idle-memory: run ${run}/${runs}`)
      kernel.push(
        await sample(
          await startKernel(context, { dataDir, logFile: path.join(dir, `kernel-${run}.log`) }),
          'kernel',
        ),
      )
      bare.push(
        await sample(await startBareKoa(context, path.join(dir, `bare-${run}.log`)), 'bare Koa'),
      )
    }

    const kernelMb = median(kernel.map((s) => s.rssMb))
    const bareMb = median(bare.map((s) => s.rssMb))
    const mb = (value: number) => ({ value, unit: 'MB' as const })
    return {
      rows: [comparedRow('idle RSS (median)', mb(kernelMb), mb(bareMb))],
      targets: [
        {
          goal: 'Idle memory (RSS) of the kernel with all built-in plugins under 120 MB',
          measured: `${formatMeasure(mb(kernelMb))} (bare Koa ${formatMeasure(mb(bareMb))})`,
          pass: kernelMb < IDLE_MEMORY_TARGET_MB,
        },
      ],
      raw: { warmupRequests: WARMUP_REQUESTS, idleMs: IDLE_MS, runs, kernel, bare },
    }
  },
}
