import crypto from 'node:crypto'
import path from 'node:path'
import { zipBomb } from '@shopwright/cli/testing'
import type { Scenario } from '../scenario.js'
import { request } from '../http-probe.js'
import { residentMb, watchRss, type RunningServer } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { startAsAdministrator } from '../record-table.js'
import { comparedRow } from '../result-row.js'

/** The security issue's figures for a zip bomb: refused in under 2 s, the server under 300 MB. */
export const BOMB_TIME_TARGET_MS = 2_000
export const BOMB_MEMORY_TARGET_MB = 300
/** Just under 4 GiB of zeros (no ZIP64 needed), twice: about 4 MB that inflate to 8 GB. */
const KERNEL_BYTES = 4 * 1024 ** 3 - 1024 ** 2
const COPIES = 2
const RSS_POLL_MS = 5

interface Refusal {
  ms: number
  status: number
  message: string
}

/** Posts of each variant: fewer in a --quick smoke run. */
const roundsOf = (quick: boolean): number => (quick ? 1 : 3)

/**
 * `POST /query/data/import` of a ZIP bomb by an administrator: two entries over one deflated run of
 * zeros, declared honestly (refused on the central directory) and with lying sizes (stopped as it
 * inflates), against the same server refusing a same-size upload that is not an archive.
 */
export const importBomb: Scenario = {
  name: 'import-bomb',
  title: 'Import of a zip bomb: 4 MB that inflate to 8 GB',
  method(quick) {
    return [
      `A ZIP built by the bench (\`zipBomb\` of @shopwright/cli/testing): one run of ${(KERNEL_BYTES / 1024 ** 3).toFixed(2)} GiB of zeros`,
      `deflated at level 9, and ${COPIES} central-directory entries pointing at it, about 4.2 MB that inflate to`,
      `8 GB. Two variants: the headers declare the real sizes, or they lie (100 bytes each). A fresh`,
      `kernel (SQLite, default plugins) and an administrator (\`shopwright user add\`); the bench signs in`,
      `and posts each variant ${roundsOf(quick)} time(s) to \`POST /query/data/import\`. Measured: wall time to the refusal,`,
      `and the kernel's RSS polled every ${RSS_POLL_MS} ms from \`/proc/<pid>/status\` during the request (the peak`,
      `of all rounds, and the VmHWM at the end). Baseline, same run and server: the same number of random`,
      `bytes posted as a \`.zip\` that is no archive, refused as damaged. Figures are medians of the rounds.`,
    ].join('\n')
  },
  async run(context) {
    const rounds = roundsOf(context.quick)
    const dir = await context.tempDir('import-bomb-')
    const dataDir = path.join(dir, 'data')
    context.log('import-bomb: building the bomb (deflating 4 GiB of zeros)')
    const honest = await zipBomb({ kernelBytes: KERNEL_BYTES, copies: COPIES, honest: true })
    const lying = await zipBomb({ kernelBytes: KERNEL_BYTES, copies: COPIES, honest: false })
    const noise = crypto.randomBytes(honest.length)
    let kernel: RunningServer | undefined
    const times: Record<'honest' | 'lying' | 'noise', number[]> = {
      honest: [],
      lying: [],
      noise: [],
    }
    const answers: Record<string, Refusal> = {}
    let peakMb = 0
    let hwmMb = Number.NaN
    let beforeMb = Number.NaN
    try {
      const started = await startAsAdministrator(context, dir, dataDir)
      kernel = started.kernel
      const { headers } = started
      beforeMb = residentMb(kernel.pid)
      const post = async (body: Buffer): Promise<Refusal> => {
        const begun = performance.now()
        const answer = await request(kernel!.port, '/query/data/import?filename=upload.zip', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/zip' },
          body,
          timeoutMs: 120_000,
        })
        const ms = performance.now() - begun
        return { ms, status: answer.status, message: String(JSON.parse(answer.body).message) }
      }
      for (let round = 0; round < rounds; round++) {
        for (const [name, body] of [
          ['noise', noise],
          ['honest', honest],
          ['lying', lying],
        ] as const) {
          const watch = watchRss(kernel.pid, RSS_POLL_MS)
          const refusal = await post(body)
          const rss = watch.stop()
          if (name !== 'noise') peakMb = Math.max(peakMb, rss.maxRssMb)
          hwmMb = rss.hwmMb
          times[name].push(refusal.ms)
          answers[name] = refusal
          if (refusal.status < 400)
            throw new Error(`the ${name} upload answered ${refusal.status}: it should be refused`)
        }
      }
    } finally {
      if (kernel) await context.children.stop(kernel.child, 10_000)
    }
    const ms = (value: number) => ({ value, unit: 'ms' as const })
    const mb = (value: number) => ({ value, unit: 'MB' as const })
    const honestMs = median(times.honest)
    const lyingMs = median(times.lying)
    const noiseMs = median(times.noise)
    const slowest = Math.max(...times.honest, ...times.lying)
    return {
      rows: [
        comparedRow(
          `refuse the bomb, declared sizes (${answers.honest?.status} ${answers.honest?.message})`,
          ms(honestMs),
          ms(noiseMs),
        ),
        comparedRow(
          `refuse the bomb, lying sizes (${answers.lying?.status} ${answers.lying?.message})`,
          ms(lyingMs),
          ms(noiseMs),
        ),
        comparedRow('kernel peak RSS while refusing (polled)', mb(peakMb), mb(beforeMb)),
        { metric: 'kernel VmHWM at the end', shopwright: mb(hwmMb) },
      ],
      targets: [
        {
          goal: `A ${(honest.length / 1024 ** 2).toFixed(1)} MB archive inflating to 8 GB refused in under 2 s`,
          measured: `slowest ${formatMeasure(ms(slowest))} (declared ${formatMeasure(ms(honestMs))}, lying ${formatMeasure(ms(lyingMs))}; not an archive ${formatMeasure(ms(noiseMs))})`,
          pass: slowest < BOMB_TIME_TARGET_MS,
        },
        {
          goal: `Peak RSS while refusing it under ${BOMB_MEMORY_TARGET_MB} MB`,
          measured: `${formatMeasure(mb(peakMb))} (${formatMeasure(mb(beforeMb))} before, ratio ${formatRatio(ratio(peakMb, beforeMb))})`,
          pass: peakMb < BOMB_MEMORY_TARGET_MB,
        },
      ],
      raw: {
        kernelBytes: KERNEL_BYTES,
        copies: COPIES,
        zipBytes: honest.length,
        times,
        answers,
        peakMb,
        hwmMb,
        beforeMb,
      },
    }
  },
}
