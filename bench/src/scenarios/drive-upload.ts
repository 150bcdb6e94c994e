import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Scenario } from '../scenario.js'
import {
  cpuTimeMs,
  residentMb,
  startBuiltBaseline,
  watchRss,
  DEVICE_HEADERS,
  type RunningServer,
} from '../servers.js'
import { callJson } from '../http-probe.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import {
  DRIVE_PLUGINS,
  repeatedBlockSha256,
  rssGrowth,
  streamUpload,
  withDriveSite,
} from '../drive-site.js'
import { comparedRow } from '../result-row.js'

/** The floor for the kernel's upload rate over a plain write stream's. */
export const DRIVE_UPLOAD_RATE_TARGET = 0.5
/** The ceiling for the kernel's RSS growth during the upload, in MB (MiB). */
export const DRIVE_UPLOAD_RSS_TARGET_MB = 64
const RSS_POLL_MS = 100
const BLOCK_BYTES = 1024 * 1024
const UPLOAD_PATH = '/query/drive/upload/private/big.bin'
const DELETE_PATH = '/query/drive/delete/private/big.bin'
const MIB = 1024 * 1024

interface UploadPlan {
  bytes: number
  rounds: number
  timeoutMs: number
}

function planOf(quick: boolean): UploadPlan {
  return quick
    ? { bytes: 100 * MIB, rounds: 1, timeoutMs: 120_000 }
    : { bytes: 500 * MIB, rounds: 3, timeoutMs: 300_000 }
}

/** One upload to one server, with what its process did meanwhile. */
interface Upload {
  ms: number
  mibPerSecond: number
  cpuMs: number
  rssBeforeMb: number
  rssPeakMb: number
  rssGrowthMb: number
  rssSamples: number
}

/**
 * Streams the file to `server` once, timing it and polling the server's RSS every RSS_POLL_MS
 * (from outside, in /proc); `check` reads the answer and throws if it is not the file.
 */
async function timedUpload(
  server: RunningServer,
  urlPath: string,
  headers: Record<string, string>,
  block: Uint8Array,
  plan: UploadPlan,
  check: (body: string) => void,
): Promise<Upload> {
  // Dirty pages of the last round are written out first, so every upload starts from a clean cache.
  execFileSync('sync')
  const rssBeforeMb = residentMb(server.pid)
  const hwmBeforeMb = residentMb(server.pid, 'VmHWM')
  const cpuBefore = cpuTimeMs(server.pid)
  const watch = watchRss(server.pid, RSS_POLL_MS)
  let answer
  let rss
  try {
    answer = await streamUpload(server.port, urlPath, headers, block, plan.bytes, plan.timeoutMs)
  } finally {
    rss = watch.stop()
  }
  const cpuAfter = cpuTimeMs(server.pid)
  if (answer.status !== 200)
    throw new Error(`POST ${urlPath} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  check(answer.body)
  const { peakMb, growthMb } = rssGrowth({
    beforeMb: rssBeforeMb,
    hwmBeforeMb,
    polledPeakMb: rss.maxRssMb,
    hwmAfterMb: rss.hwmMb,
  })
  return {
    ms: answer.ms,
    mibPerSecond: plan.bytes / MIB / (answer.ms / 1000),
    cpuMs: cpuAfter.userMs - cpuBefore.userMs + cpuAfter.systemMs - cpuBefore.systemMs,
    rssBeforeMb,
    rssPeakMb: peakMb,
    rssGrowthMb: growthMb,
    rssSamples: rss.samples,
  }
}

/**
 * `POST /query/drive/upload/private/big.bin` of one 500 MB file, streamed, to a kernel with the
 * drive's local store, against a bare Node server piping the same bytes into fs.createWriteStream
 * on the same file system.
 */
export const driveUpload: Scenario = {
  name: 'drive-upload',
  title: 'Drive upload: one 500 MB file, raw body',
  method(quick) {
    const p = planOf(quick)
    return [
      `A kernel with the drive (\`PLUGINS=${DRIVE_PLUGINS}\`, local store in DATA_DIR/drive,`,
      `\`DRIVE_MAX_FILE_SIZE=1gb\`, otherwise defaults) on a fresh SQLite DATA_DIR, signed in as a manager`,
      `(\`shopwright user add --roles allmanagers\`; the seeded \`drive\` record gives allmanagers every right).`,
      `The bench streams ${p.bytes / MIB} MiB to \`POST ${UPLOAD_PATH}\` (\`Content-Type: application/octet-stream\`,`,
      `\`Content-Length\`, \`Device: bench\`, the session cookie) on a new connection, from a generator that`,
      `repeats one 1 MiB block of random bytes, so the bench never holds the file; the answer must give`,
      `the file's size and SHA-256. The file is deleted (\`POST ${DELETE_PATH}\`) after each round.`,
      `Baseline: \`bench/src/plain-write-server.ts\`, a bare Node http server in its own child process that`,
      `pipes \`POST /write\` into \`fs.createWriteStream\` of a new file in a folder beside DATA_DIR (the same`,
      `ext4 file system), sent the same bytes the same way; it also runs with \`?fsync=1\` (the stream's`,
      `\`flush: true\`: the file is synced before it closes, as the drive's store does) as a second,`,
      `informative baseline. Each round runs plain, kernel, plain with fsync, each after \`sync\` (so no`,
      `round starts with the last one's dirty pages); ${p.rounds} round(s), medians. Rate = MiB / time from`,
      `the request's start to the end of the answer (MB here and in the tables are MiB). RSS: each`,
      `server's VmRSS polled in \`/proc/<pid>/status\` every ${RSS_POLL_MS} ms during its upload (and its`,
      `VmHWM, when it rose during the upload, for a peak between two samples); growth = peak minus the`,
      `RSS just before the upload, the largest over the rounds. CPU is the server's user + system time.`,
    ].join('\n')
  },
  async run(context) {
    const p = planOf(context.quick)
    const block = randomBytes(BLOCK_BYTES)
    const sha256 = repeatedBlockSha256(block, p.bytes)
    const checkKernel = (body: string): void => {
      const file = JSON.parse(body) as { size?: number; hash?: string }
      if (file.size !== p.bytes || file.hash !== sha256)
        throw new Error(
          `the drive stored ${file.size} bytes (${file.hash}), not ${p.bytes} (${sha256})`,
        )
    }
    const checkPlain = (body: string): void => {
      const { size } = JSON.parse(body) as { size?: number }
      if (size !== p.bytes) throw new Error(`the plain stream wrote ${size} bytes, not ${p.bytes}`)
    }

    const kernelRuns: Upload[] = []
    const plainRuns: Upload[] = []
    const fsyncRuns: Upload[] = []
    await withDriveSite(
      context,
      {
        label: 'drive-upload',
        settings: { DRIVE_MAX_FILE_SIZE: '1gb', DRIVE_WRITE_LIMIT: '10000' },
        what: 'the drive and the plain write server',
        graceMs: 10_000,
      },
      async (site, keep) => {
        const plain = keep(
          await startBuiltBaseline(context, 'plain-write', {
            logFile: path.join(site.dir, 'plain-write.log'),
            env: { WRITE_DIR: path.join(site.dir, 'plain') },
          }),
        )
        for (let round = 1; round <= p.rounds; round++) {
          context.log(`drive-upload: round ${round}/${p.rounds}, plain stream`)
          plainRuns.push(await timedUpload(plain, '/write', DEVICE_HEADERS, block, p, checkPlain))
          context.log(`drive-upload: round ${round}/${p.rounds}, kernel`)
          kernelRuns.push(
            await timedUpload(site.kernel, UPLOAD_PATH, site.headers, block, p, checkKernel),
          )
          await callJson(site.kernel.port, 'POST', DELETE_PATH, site.headers)
          context.log(`drive-upload: round ${round}/${p.rounds}, plain stream with fsync`)
          fsyncRuns.push(
            await timedUpload(plain, '/write?fsync=1', DEVICE_HEADERS, block, p, checkPlain),
          )
        }
      },
    )

    const mid = (runs: Upload[], field: keyof Upload): number => median(runs.map((r) => r[field]))
    const kernelRate = mid(kernelRuns, 'mibPerSecond')
    const plainRate = mid(plainRuns, 'mibPerSecond')
    const fsyncRate = mid(fsyncRuns, 'mibPerSecond')
    const rateRatio = ratio(kernelRate, plainRate)
    const growth = Math.max(...kernelRuns.map((r) => r.rssGrowthMb))
    const plainGrowth = Math.max(...plainRuns.map((r) => r.rssGrowthMb))
    const mb = (value: number) => ({ value, unit: 'MB' as const })
    const rate = (value: number) => ({ value, unit: 'MB/s' as const })
    const s = (ms: number) => ({ value: ms / 1000, unit: 's' as const })
    const size = `${p.bytes / MIB} MB`
    return {
      rows: [
        {
          metric: `upload ${size}, rate (median)`,
          shopwright: rate(kernelRate),
          baseline: rate(plainRate),
          ratio: rateRatio,
        },
        comparedRow(
          `upload ${size}, time (median)`,
          s(mid(kernelRuns, 'ms')),
          s(mid(plainRuns, 'ms')),
        ),
        comparedRow(
          'against the plain stream with fsync, rate (median)',
          rate(kernelRate),
          rate(fsyncRate),
        ),
        comparedRow(
          'server CPU time per upload (user + sys, median)',
          s(mid(kernelRuns, 'cpuMs')),
          s(mid(plainRuns, 'cpuMs')),
        ),
        {
          metric: 'server RSS growth during the upload (largest)',
          shopwright: mb(growth),
          baseline: mb(plainGrowth),
        },
        {
          metric: 'server RSS before the upload (median)',
          shopwright: mb(mid(kernelRuns, 'rssBeforeMb')),
          baseline: mb(mid(plainRuns, 'rssBeforeMb')),
        },
      ],
      targets: [
        {
          goal: `Upload one ${size} file (raw body, local store) at at least ${DRIVE_UPLOAD_RATE_TARGET} of a plain fs.createWriteStream's rate in the same run`,
          measured: `${formatRatio(rateRatio)} (${formatMeasure(rate(kernelRate))} vs ${formatMeasure(rate(plainRate))}; with fsync ${formatMeasure(rate(fsyncRate))})`,
          pass: rateRatio >= DRIVE_UPLOAD_RATE_TARGET,
        },
        {
          goal: `Kernel RSS growth during that upload under ${DRIVE_UPLOAD_RSS_TARGET_MB} MB`,
          measured: `${formatMeasure(mb(growth))} (per round ${kernelRuns.map((r) => formatMeasure(mb(r.rssGrowthMb))).join(', ')}; from ${formatMeasure(mb(kernelRuns[0]?.rssBeforeMb ?? Number.NaN))}; plain stream ${formatMeasure(mb(plainGrowth))})`,
          pass: growth < DRIVE_UPLOAD_RSS_TARGET_MB,
        },
      ],
      notes: [
        `Rates per round: kernel ${kernelRuns.map((r) => formatMeasure(rate(r.mibPerSecond))).join(', ')}; plain ${plainRuns.map((r) => formatMeasure(rate(r.mibPerSecond))).join(', ')}; plain with fsync ${fsyncRuns.map((r) => formatMeasure(rate(r.mibPerSecond))).join(', ')}.`,
      ],
      raw: { plan: p, sha256, rssPollMs: RSS_POLL_MS, kernelRuns, plainRuns, fsyncRuns },
    }
  },
}
