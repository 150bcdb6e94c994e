import path from 'node:path'
import Database from 'better-sqlite3'
import { createDatabase } from '@shopwright/core'
import { strToU8, zipSync } from 'fflate'
import type { Scenario } from '../scenario.js'
import { get, request, RequestTimeout } from '../http-probe.js'
import { cpuTimeMs, residentMb, watchRss, type RunningServer } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { runCli, sqliteFile, startAsAdministrator } from '../record-table.js'
import {
  importFiles,
  RECORD_TYPE,
  summariseImport,
  webpageRecord,
  webpageRow,
  type ImportSummary,
} from '../webpages.js'
import { comparedRow } from '../result-row.js'

/**
 * The security issue's limits for importing 100,000 records from one .zip on SQLite: at least a
 * quarter of a raw batch insert's rate, peak RSS under 400 MB, and `/healthz` answering within
 * 100 ms throughout (the import gives the event loop a turn between batches).
 */
export const IMPORT_RATE_TARGET = 0.25
export const IMPORT_MEMORY_TARGET_MB = 400
export const HEALTHZ_TARGET_MS = 100
const HEALTHZ_EVERY_MS = 25
const BASELINE_ROUNDS = 3
const RECORDS_PER_ENTRY = 1_000
const RSS_POLL_MS = 100
// knex writes a SQLite batch as one INSERT ... SELECT ... UNION ALL: at most 500 terms (SQLITE_MAX_COMPOUND_SELECT).
const BASELINE_BATCH = 500

function planOf(quick: boolean): { records: number; timeoutMs: number } {
  return quick ? { records: 10_000, timeoutMs: 120_000 } : { records: 100_000, timeoutMs: 600_000 }
}

/** The .zip the kernel gets, built in memory. */
function buildZip(records: number): { zip: Uint8Array; entries: number; unpackedBytes: number } {
  const files: Record<string, Uint8Array> = {}
  let unpackedBytes = 0
  for (const [name, text] of importFiles(records, RECORDS_PER_ENTRY)) {
    const data = strToU8(text)
    unpackedBytes += data.length
    files[name] = data
  }
  return { zip: zipSync(files, { level: 6 }), entries: Object.keys(files).length, unpackedBytes }
}

/**
 * The baseline: the same rows into a freshly migrated SQLite file with one knex batch insert in one
 * transaction, with the kernel's connection settings and no validation. Timed from the records in
 * memory (their bodies still to serialise) to the commit.
 */
async function knexBatchInsert(file: string, records: number): Promise<number> {
  // core's own factory: the baseline gets exactly the kernel's SQLite settings.
  const db = createDatabase(`sqlite:${file}`)
  try {
    const all = Array.from({ length: records }, (_, i) => webpageRecord(i + 1))
    await db.raw('select 1')
    const begun = performance.now()
    const now = Date.now()
    const rows = all.map(({ type, id, ...fields }) => ({
      type,
      id,
      body: JSON.stringify(fields),
      created_at: now,
      modified_at: now,
      binned_at: null,
      version: 1,
    }))
    await db.transaction((trx) => db.batchInsert('records', rows, BASELINE_BATCH).transacting(trx))
    const ms = performance.now() - begun
    const [{ n }] = (await db('records').where({ type: RECORD_TYPE }).count({ n: '*' })) as [
      { n: number },
    ]
    if (Number(n) !== records) throw new Error(`the knex baseline stored ${n} rows, not ${records}`)
    // The same rows as the record table's direct insert writes (a check that both store alike).
    const sample = (await db('records')
      .where({ type: RECORD_TYPE, id: rows[7]!.id })
      .first('body')) as { body: string }
    if (sample.body !== webpageRow(8, now).body)
      throw new Error('the knex baseline stored a different body')
    return ms
  } finally {
    await db.destroy()
  }
}

/**
 * Asks `/healthz` every HEALTHZ_EVERY_MS while the work runs (one request at a time, a new
 * connection each): the slowest answer and how many there were.
 */
function watchHealth(port: number): { stop(): Promise<{ maxMs: number; count: number }> } {
  let running = true
  let maxMs = 0
  let count = 0
  const loop = (async () => {
    while (running) {
      const begun = performance.now()
      const reply = await get(port, '/healthz', {}, 30_000)
      if (reply.status !== 200)
        throw new Error(`/healthz answered ${reply.status} during the import`)
      maxMs = Math.max(maxMs, performance.now() - begun)
      count++
      await new Promise((resolve) => setTimeout(resolve, HEALTHZ_EVERY_MS))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return { maxMs, count }
    },
  }
}

function liveWebpages(file: string): number {
  const db = new Database(file, { readonly: true })
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM records WHERE type = ? AND binned_at IS NULL')
      .get(RECORD_TYPE) as { n: number }
    return row.n
  } finally {
    db.close()
  }
}

/**
 * `POST /query/data/import` of one .zip of 100,000 webpage records to a fresh kernel: wall time
 * and the kernel's peak RSS, against a plain knex batch insert of the same rows.
 */
export const recordImport: Scenario = {
  name: 'record-import',
  title: 'Record import: 100,000 records from one .zip',
  method(quick) {
    const { records, timeoutMs } = planOf(quick)
    const count = records.toLocaleString('en-US')
    return [
      `A .zip built in memory with fflate (deflate level 6): ${count} \`webpage\` records (the records of the`,
      `record table) as ${Math.ceil(records / RECORDS_PER_ENTRY)} entries \`webpage-<first id>.json\`, each a JSON list of ${RECORDS_PER_ENTRY.toLocaleString('en-US')} records.`,
      `A fresh kernel (empty DATA_DIR: migrations and seeds, default plugins) gets an administrator`,
      `through \`shopwright user add\` while it runs; the bench signs in and posts the .zip to`,
      `\`POST /query/data/import\` (\`Content-Type: application/zip\`, \`Device: bench\`, the session cookie)`,
      `in one request. Measured: wall time from sending the request to the end of the answer, and`,
      `the kernel's peak RSS over the import: VmHWM of \`/proc/<pid>/status\` when the answer is in`,
      `(VmRSS is also polled every ${RSS_POLL_MS} ms). The answer must list ${count} items, all ok, and the`,
      `database must then hold them. Baseline: the same ${count} rows written into a freshly migrated`,
      `SQLite file (\`shopwright migrate\`) by the bench process with one knex \`batchInsert\` (chunks of`,
      `${BASELINE_BATCH.toLocaleString('en-US')}) in one transaction, the kernel's SQLite settings and no validation, timed from the records`,
      `in memory to the commit, the median of ${BASELINE_ROUNDS} runs (a fresh file each); ratio = import time / baseline time,`,
      `and the target is on the rate ratio (baseline time / import time). While the import runs the bench asks`,
      `\`GET /healthz\` every ${HEALTHZ_EVERY_MS} ms (one at a time, a new connection each) and keeps the slowest answer. One import;`,
      `it is abandoned (and fails its targets) after ${timeoutMs / 1000} s.`,
    ].join('\n')
  },
  async run(context) {
    const { records, timeoutMs } = planOf(context.quick)
    const count = records.toLocaleString('en-US')
    const dir = await context.tempDir('record-import-')

    context.log(`record-import: building a .zip of ${count} records`)
    const { zip, entries, unpackedBytes } = buildZip(records)

    context.log('record-import: baseline, one knex batch insert')
    // The median of BASELINE_ROUNDS runs, each into its own freshly migrated file: one run of about
    // a second moved by a fifth from run to run on this shared machine.
    const baselineRuns: number[] = []
    for (let round = 1; round <= BASELINE_ROUNDS; round++) {
      const baselineDir = path.join(dir, `baseline-data-${round}`)
      await runCli(context, ['migrate'], {
        cwd: dir,
        dataDir: baselineDir,
        logFile: path.join(dir, `baseline-migrate-${round}.log`),
      })
      baselineRuns.push(await knexBatchInsert(sqliteFile(baselineDir), records))
    }
    const baselineMs = median(baselineRuns)

    let kernel: RunningServer | undefined
    const dataDir = path.join(dir, 'data')
    let summary: ImportSummary | undefined
    let wallMs = Number.NaN
    let timedOut = false
    let rss = { maxRssMb: Number.NaN, hwmMb: Number.NaN, samples: 0 }
    let rssBeforeMb = Number.NaN
    let cpuMs = Number.NaN
    let stored = Number.NaN
    let healthz = { maxMs: Number.NaN, count: 0 }
    try {
      context.log('record-import: starting a fresh kernel')
      const started = await startAsAdministrator(context, dir, dataDir)
      kernel = started.kernel
      const { headers } = started
      const seeded = liveWebpages(sqliteFile(dataDir))

      context.log(
        `record-import: posting ${(zip.length / 1024 / 1024).toFixed(1)} MB (${(unpackedBytes / 1024 / 1024).toFixed(1)} MB unpacked, ${entries} entries)`,
      )
      rssBeforeMb = residentMb(kernel.pid)
      const cpuBefore = cpuTimeMs(kernel.pid)
      const watch = watchRss(kernel.pid, RSS_POLL_MS)
      const health = watchHealth(kernel.port)
      const begun = performance.now()
      try {
        const answer = await request(kernel.port, '/query/data/import', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/zip' },
          body: zip,
          timeoutMs,
        })
        wallMs = performance.now() - begun
        if (answer.status !== 200)
          throw new Error(`the import answered ${answer.status}: ${answer.body.slice(0, 500)}`)
        summary = summariseImport(JSON.parse(answer.body))
      } catch (error) {
        if (!(error instanceof RequestTimeout)) throw error
        timedOut = true
      } finally {
        rss = watch.stop()
        healthz = await health.stop()
      }
      const cpuAfter = cpuTimeMs(kernel.pid)
      cpuMs = cpuAfter.userMs - cpuBefore.userMs + cpuAfter.systemMs - cpuBefore.systemMs
      if (summary && (summary.ok !== records || summary.items !== records)) {
        throw new Error(
          `the import answered ${summary.items} items, ${summary.ok} ok, ${summary.failed} failed; first failures: ${JSON.stringify(summary.firstFailures)}`,
        )
      }
      if (summary) {
        stored = liveWebpages(sqliteFile(dataDir)) - seeded
        if (stored !== records)
          throw new Error(`the import answered ${records} ok items but stored ${stored} records`)
      }
    } finally {
      if (kernel) await context.children.stop(kernel.child, 10_000)
    }

    const peakMb = Math.max(rss.hwmMb, rss.maxRssMb)
    const s = (ms: number) => ({ value: ms / 1000, unit: 's' as const })
    const rate = (ms: number) => ({ value: (records * 1000) / ms, unit: 'records/s' as const })
    const mb = (value: number) => ({ value, unit: 'MB' as const })
    const ms = (value: number) => ({ value, unit: 'ms' as const })
    const timeText = timedOut ? `no answer within ${timeoutMs / 1000} s` : formatMeasure(s(wallMs))
    return {
      rows: [
        comparedRow(`import ${count} records, wall time`, s(wallMs), s(baselineMs)),
        {
          metric: 'records per second',
          shopwright: rate(wallMs),
          baseline: rate(baselineMs),
          ratio: ratio(records / wallMs, records / baselineMs),
        },
        { metric: 'kernel CPU time during the import (user + sys)', shopwright: s(cpuMs) },
        { metric: 'kernel peak RSS during the import (VmHWM)', shopwright: mb(peakMb) },
        { metric: 'kernel RSS before the import', shopwright: mb(rssBeforeMb) },
        { metric: '/healthz during the import, slowest answer', shopwright: ms(healthz.maxMs) },
      ],
      targets: [
        {
          goal: `Import ${count} records from one .zip on SQLite at at least 25% of a raw batch insert's rate`,
          measured: `${timeText}, ${formatMeasure(rate(wallMs))} against ${formatMeasure(rate(baselineMs))} (rate ratio ${formatRatio(ratio(baselineMs, wallMs))})`,
          pass: !timedOut && ratio(baselineMs, wallMs) >= IMPORT_RATE_TARGET,
        },
        {
          goal: `Memory during that import under ${IMPORT_MEMORY_TARGET_MB} MB`,
          measured: `peak RSS ${formatMeasure(mb(peakMb))} (${formatMeasure(mb(rssBeforeMb))} before)`,
          pass: !timedOut && peakMb < IMPORT_MEMORY_TARGET_MB,
        },
        {
          goal: `/healthz answering within ${HEALTHZ_TARGET_MS} ms throughout that import`,
          measured: `slowest of ${healthz.count} answers ${formatMeasure(ms(healthz.maxMs))}`,
          pass: !timedOut && healthz.count > 0 && healthz.maxMs < HEALTHZ_TARGET_MS,
        },
      ],
      notes: [
        `The .zip: ${(zip.length / 1024 / 1024).toFixed(1)} MB, ${entries} entries, ${(unpackedBytes / 1024 / 1024).toFixed(1)} MB unpacked. The answer: ${summary ? `${summary.ok.toLocaleString('en-US')} items ok (${summary.created.toLocaleString('en-US')} created)` : 'none'}.`,
      ],
      raw: {
        records,
        recordsPerEntry: RECORDS_PER_ENTRY,
        zipBytes: zip.length,
        entries,
        unpackedBytes,
        timeoutMs,
        timedOut,
        wallMs,
        baselineMs,
        baselineRuns,
        baselineBatch: BASELINE_BATCH,
        kernelCpuMs: cpuMs,
        rssBeforeMb,
        rss,
        rssPollMs: RSS_POLL_MS,
        summary,
        stored,
        healthz,
        healthzEveryMs: HEALTHZ_EVERY_MS,
      },
    }
  },
}
