import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { MIGRATION_LEASE_TABLE, MIGRATIONS_TABLE } from '@shopwright/core'
import type { BenchContext, Scenario } from '../scenario.js'
import { exited } from '../children.js'
import { childEnv, residentMb, tail } from '../servers.js'
import { median, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'
import { insertWebpages, runCli, sqliteFile } from '../record-table.js'
import { insertOrders } from '../order-rows.js'
import { ENTRIES_TABLE, type DriveEntryRow } from '../drive-site.js'
import { comparedRow } from '../result-row.js'

/**
 * Issue 38's figures for `shopwright backup` and `shopwright restore` on SQLite: a backup at least
 * half as fast as `sqlite3 .backup` plus `tar` of the drive, its process under 300 MB, and a
 * restore at least a quarter as fast as a raw insert of the same rows plus a copy of the files.
 */
export const BACKUP_RATE_TARGET = 0.5
export const BACKUP_MEMORY_TARGET_MB = 300
export const RESTORE_RATE_TARGET = 0.25
const RSS_POLL_MS = 50
const FILE_BYTES = 1024 * 1024
const SQLITE3 = '/usr/bin/sqlite3'

interface Plan {
  records: number
  orders: number
  files: number
  rounds: number
  timeoutMs: number
}

function planOf(quick: boolean): Plan {
  return quick
    ? { records: 10_000, orders: 10_000, files: 100, rounds: 2, timeoutMs: 300_000 }
    : { records: 100_000, orders: 100_000, files: 1_024, rounds: 2, timeoutMs: 1_200_000 }
}

/** The bookkeeping tables a backup leaves out (cli/src/backup/catalog.ts). */
const BOOKKEEPING = new Set([MIGRATIONS_TABLE, `${MIGRATIONS_TABLE}_lock`, MIGRATION_LEASE_TABLE])

/** A child's wall time, its peak RSS and what it printed on stdout. */
interface TimedChild {
  ms: number
  /** ru_maxrss of the process itself, written by a preloaded exit hook (node children only). */
  maxRssMb: number
  /** The highest VmHWM polled while it ran. */
  polledHwmMb: number
  stdout: string
}

/**
 * Runs a command to its end with stdout into a file and stderr into `logFile`, timed from the
 * spawn to the exit; VmHWM is polled every RSS_POLL_MS. Throws unless it exits 0.
 */
async function timedChild(
  context: BenchContext,
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<TimedChild> {
  const outFile = `${options.logFile}.stdout`
  const rssFile = `${options.logFile}.maxrss`
  const out = fs.openSync(outFile, 'w')
  const err = fs.openSync(options.logFile, 'a')
  const begun = performance.now()
  let child
  try {
    child = context.children.spawn(command, args, {
      cwd: options.cwd,
      env: { ...options.env, BENCH_MAXRSS_FILE: rssFile },
      stdio: ['ignore', out, err],
    })
  } finally {
    fs.closeSync(out)
    fs.closeSync(err)
  }
  let polledHwmMb = 0
  const poll = (): void => {
    try {
      if (child.pid) polledHwmMb = Math.max(polledHwmMb, residentMb(child.pid, 'VmHWM'))
    } catch {
      // gone: its exit hook has the final figure
    }
  }
  poll()
  const timer = setInterval(poll, RSS_POLL_MS)
  const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
  try {
    await exited(child)
  } finally {
    clearInterval(timer)
    clearTimeout(killer)
  }
  const ms = performance.now() - begun
  if (child.exitCode !== 0)
    throw new Error(
      `${path.basename(command)} ${args.slice(0, 3).join(' ')} failed (exit ${String(child.exitCode)}, signal ${String(child.signalCode)}); its output is in ${options.logFile}:\n${tail(options.logFile)}`,
    )
  let maxRssMb = Number.NaN
  if (fs.existsSync(rssFile)) maxRssMb = Number(fs.readFileSync(rssFile, 'utf8')) / 1024
  return { ms, maxRssMb, polledHwmMb, stdout: fs.readFileSync(outFile, 'utf8') }
}

/** A preload that writes the process's own peak RSS (ru_maxrss, KB) when it exits. */
function writePeakHook(dir: string): string {
  const file = path.join(dir, 'peak-rss.cjs')
  fs.writeFileSync(
    file,
    "process.on('exit', () => { const f = process.env.BENCH_MAXRSS_FILE; if (f) require('node:fs').writeFileSync(f, String(process.resourceUsage().maxRSS)) })\n",
  )
  return file
}

/**
 * `count` drive files of FILE_BYTES random bytes (incompressible, as photos are), written as the
 * drive writes them: each blob at DATA_DIR/drive/<k0k1>/<k2k3>/<key> (local-blob-store.ts) and a
 * live file row in the folder of a seeded picture, with the blob's size and SHA-256.
 */
function addDriveFiles(dataDir: string, count: number): { bytes: number } {
  const driveDir = path.join(dataDir, 'drive')
  const db = new Database(sqliteFile(dataDir))
  try {
    db.pragma('journal_mode = WAL')
    const template = db
      .prepare(
        `SELECT * FROM ${ENTRIES_TABLE} WHERE rank = 1 AND blob IS NOT NULL AND bin_id = '' ORDER BY path LIMIT 1`,
      )
      .get() as DriveEntryRow | undefined
    if (!template) throw new Error('the seeded site has no drive file to copy a row from')
    const folder = template.path.slice(0, template.path.length - template.name.length)
    const columns = Object.keys(template)
    const insert = db.prepare(
      `INSERT INTO ${ENTRIES_TABLE} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    )
    const now = Date.now()
    const rows: DriveEntryRow[] = []
    for (let n = 1; n <= count; n++) {
      const body = randomBytes(FILE_BYTES)
      const key = randomBytes(16).toString('hex')
      const blobDir = path.join(driveDir, key.slice(0, 2), key.slice(2, 4))
      fs.mkdirSync(blobDir, { recursive: true })
      fs.writeFileSync(path.join(blobDir, key), body)
      const name = `backup-${String(n).padStart(5, '0')}.bin`
      rows.push({
        ...template,
        id: randomBytes(12).toString('base64url'),
        name,
        path: `${folder}${name}`,
        size: body.length,
        hash: createHash('sha256').update(body).digest('hex'),
        blob: key,
        content_type: 'application/octet-stream',
        created: now,
        modified: now,
      })
    }
    db.transaction(() => {
      for (const row of rows) insert.run(row)
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
    return { bytes: count * FILE_BYTES }
  } finally {
    db.close()
  }
}

/** The tables a backup carries (no bookkeeping, no virtual or shadow tables), by name. */
function backedUpTables(db: Database.Database): string[] {
  const rows = db.prepare('PRAGMA table_list').all() as Array<{
    schema: string
    name: string
    type: string
  }>
  return rows
    .filter((row) => row.schema === 'main' && row.type === 'table')
    .filter((row) => !row.name.startsWith('sqlite_') && !BOOKKEEPING.has(row.name))
    .map((row) => row.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

interface TableRows {
  name: string
  columns: string[]
  rows: unknown[][]
}

/** Every row of the site's backed-up tables, in memory, as arrays in column order. */
function readAllRows(file: string): TableRows[] {
  const db = new Database(file, { readonly: true })
  try {
    return backedUpTables(db).map((name) => {
      const statement = db.prepare(`SELECT * FROM "${name}"`).raw(true)
      const columns = statement.columns().map((column) => column.name)
      return { name, columns, rows: statement.all() as unknown[][] }
    })
  } finally {
    db.close()
  }
}

/**
 * The restore baseline: the rows already in memory written into a freshly migrated SQLite file
 * (emptied of what migrations wrote, untimed) with one prepared INSERT per table, all in one
 * transaction, on the kernel's connection settings; then `cp -r` of the site's drive folder.
 */
async function rawRestore(
  context: BenchContext,
  tables: readonly TableRows[],
  sourceDataDir: string,
  dir: string,
  round: number,
  timeoutMs: number,
): Promise<{ ms: number; insertMs: number; copyMs: number; rows: number }> {
  const dataDir = path.join(dir, `baseline-restore-${round}`)
  await runCli(context, ['migrate'], {
    cwd: dir,
    dataDir,
    logFile: path.join(dir, `baseline-migrate-${round}.log`),
    timeoutMs: 120_000,
  })
  const db = new Database(sqliteFile(dataDir))
  let rows = 0
  let insertMs: number
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = OFF')
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table.name}"`).run()
    })()
    db.pragma('foreign_keys = ON')
    const begun = performance.now()
    db.transaction(() => {
      for (const table of tables) {
        const insert = db.prepare(
          `INSERT INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`,
        )
        for (const row of table.rows) insert.run(row)
        rows += table.rows.length
      }
    })()
    insertMs = performance.now() - begun
  } finally {
    db.close()
  }
  const copy = await timedChild(
    context,
    'cp',
    ['-r', path.join(sourceDataDir, 'drive'), path.join(dataDir, 'drive')],
    {
      cwd: dir,
      env: process.env,
      logFile: path.join(dir, `baseline-cp-${round}.log`),
      timeoutMs,
    },
  )
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { ms: insertMs + copy.ms, insertMs, copyMs: copy.ms, rows }
}

interface BackupSummary {
  ms: number
  bytes: number
  tables: number
  rows: number
  files: { count: number; bytes: number }
  missingFiles: string[]
}

interface RestoreSummary {
  ms: number
  tables: number
  rows: number
  files: { count: number; bytes: number }
}

/**
 * `shopwright backup` and `shopwright restore` of a SQLite site with 100,000 records, 100,000
 * orders and 1 GiB of drive files, against `sqlite3 .backup` plus `tar`, and a raw insert plus `cp`.
 */
export const backup: Scenario = {
  name: 'backup',
  title: 'Backup and restore: 100,000 records, 100,000 orders and 1 GiB of files',
  method(quick) {
    const { records, orders, files, rounds, timeoutMs } = planOf(quick)
    const n = (value: number) => value.toLocaleString('en-US')
    const size = `${n((files * FILE_BYTES) / 1024 / 1024)} MiB`
    return [
      `The site: \`shopwright seed\` on a fresh DATA_DIR (SQLite, the default plugins: migrations, the sample company`,
      `and its catalogue pictures in the drive), then ${n(records)} \`webpage\` records (the record table's) and ${n(orders)}`,
      `orders (commerce's \`commerce_orders\`, as orders-list fills it) inserted directly with better-sqlite3, then`,
      `${n(files)} drive files of ${n(FILE_BYTES / 1024)} KiB of random bytes (${size}) written as the drive writes them: each blob at`,
      `\`DATA_DIR/drive/<k0k1>/<k2k3>/<key>\` under a new 32-hex key, and a live \`drive_entries\` file row (size, SHA-256,`,
      `blob key) in the folder of a seeded picture. No kernel runs while it is measured.`,
      '',
      `**Backup**: \`node cli/bin/shopwright.js backup <file> --json\` as a child process (DATA_DIR of the site),`,
      `wall time from spawn to exit. Peak RSS: the process's own \`ru_maxrss\` written by a preloaded exit hook`,
      `(\`node --require\`), checked against VmHWM polled every ${RSS_POLL_MS} ms. Baseline: \`sqlite3 <db> ".backup <copy>"\``,
      `(${SQLITE3}) then \`tar -cf <tar> -C DATA_DIR drive\`, timed the same way as one. ${rounds} rounds each, alternating`,
      `(Shopwright first), medians; ratio = Shopwright time / baseline time, and the target is on the rate`,
      `ratio (baseline time / Shopwright time).`,
      '',
      `**Restore**: the last backup's archive restored into a fresh, empty DATA_DIR with`,
      `\`shopwright restore <file> --json\` (the check pass over the whole archive, the schema, the rows, the blobs`,
      `through the drive's store), timed the same way; its summary's row and file counts must equal the backup's.`,
      `Baseline: the same rows (every table the backup carries, read from the site into memory beforehand as`,
      `arrays) written by the bench process into a freshly migrated SQLite file (\`shopwright migrate\`, the tables`,
      `then emptied, untimed) with one prepared better-sqlite3 INSERT per table, all in one transaction`,
      `(WAL, \`synchronous = NORMAL\`, foreign keys on, as the kernel sets them), timed from the first`,
      `INSERT to the commit; plus \`cp -r\` of the site's drive folder into the new DATA_DIR, timed from spawn`,
      `to exit. ${rounds} rounds each, alternating, medians; the target is on baseline time / restore time. A child`,
      `is abandoned (and the run fails) after ${timeoutMs / 1000} s.`,
    ].join('\n')
  },
  async run(context) {
    const plan = planOf(context.quick)
    const { records, orders, files, rounds, timeoutMs } = plan
    const n = (value: number) => value.toLocaleString('en-US')
    const dir = await context.tempDir('backup-')
    const siteDir = path.join(dir, 'site')
    const db = sqliteFile(siteDir)
    const hook = writePeakHook(dir)
    const env = (dataDir: string) => childEnv({ DATA_DIR: dataDir })

    const setupBegun = performance.now()
    context.log(`backup: seeding a site, then ${n(records)} records and ${n(orders)} orders`)
    await runCli(context, ['seed'], {
      cwd: dir,
      dataDir: siteDir,
      logFile: path.join(dir, 'seed.log'),
      timeoutMs: 300_000,
    })
    insertWebpages(db, records)
    insertOrders(db, orders, { firstMs: Date.UTC(2026, 0, 1), stepMs: 60_000 })
    context.log(`backup: ${n(files)} drive files of ${n(FILE_BYTES / 1024)} KiB`)
    const { bytes: fileBytes } = addDriveFiles(siteDir, files)
    const setupMs = performance.now() - setupBegun
    const dbBytes = fs.statSync(db).size

    // Backup: Shopwright and the baseline in turn.
    const shopwrightBackups: TimedChild[] = []
    const summaries: BackupSummary[] = []
    const baselineBackups: Array<{ ms: number; sqliteMs: number; tarMs: number }> = []
    let archive = ''
    for (let round = 1; round <= rounds; round++) {
      if (archive) fs.rmSync(archive, { force: true })
      archive = path.join(dir, `site-${round}.backup`)
      context.log(`backup: round ${round}, shopwright backup`)
      const run = await timedChild(
        context,
        process.execPath,
        ['--require', hook, context.cliBin, 'backup', archive, '--json'],
        { cwd: dir, env: env(siteDir), logFile: path.join(dir, `backup-${round}.log`), timeoutMs },
      )
      shopwrightBackups.push(run)
      summaries.push(JSON.parse(run.stdout) as BackupSummary)

      context.log(`backup: round ${round}, sqlite3 .backup and tar`)
      const copy = path.join(dir, `baseline-${round}.sqlite`)
      const tarFile = path.join(dir, `baseline-${round}.tar`)
      const sqlite = await timedChild(context, SQLITE3, [db, `.backup '${copy}'`], {
        cwd: dir,
        env: process.env,
        logFile: path.join(dir, `baseline-sqlite-${round}.log`),
        timeoutMs,
      })
      const tar = await timedChild(context, 'tar', ['-cf', tarFile, '-C', siteDir, 'drive'], {
        cwd: dir,
        env: process.env,
        logFile: path.join(dir, `baseline-tar-${round}.log`),
        timeoutMs,
      })
      baselineBackups.push({ ms: sqlite.ms + tar.ms, sqliteMs: sqlite.ms, tarMs: tar.ms })
      fs.rmSync(copy, { force: true })
      fs.rmSync(tarFile, { force: true })
    }
    const summary = summaries[summaries.length - 1]!
    if (summary.missingFiles.length > 0)
      throw new Error(`the backup missed ${summary.missingFiles.length} files`)
    if (summary.files.count < files)
      throw new Error(`the backup holds ${summary.files.count} files, not at least ${files}`)

    // Restore: Shopwright and the baseline in turn.
    context.log('backup: reading every row into memory for the restore baseline')
    const tables = readAllRows(db)
    const tableRows = tables.reduce((sum, table) => sum + table.rows.length, 0)
    const restores: TimedChild[] = []
    const restoreSummaries: RestoreSummary[] = []
    const baselineRestores: Array<{ ms: number; insertMs: number; copyMs: number; rows: number }> =
      []
    for (let round = 1; round <= rounds; round++) {
      context.log(`backup: round ${round}, shopwright restore`)
      const target = path.join(dir, `restored-${round}`)
      fs.mkdirSync(target, { recursive: true })
      const run = await timedChild(
        context,
        process.execPath,
        ['--require', hook, context.cliBin, 'restore', archive, '--json'],
        { cwd: dir, env: env(target), logFile: path.join(dir, `restore-${round}.log`), timeoutMs },
      )
      restores.push(run)
      const restored = JSON.parse(run.stdout) as RestoreSummary
      restoreSummaries.push(restored)
      if (restored.rows !== summary.rows || restored.files.count !== summary.files.count)
        throw new Error(
          `the restore wrote ${restored.rows} rows and ${restored.files.count} files; the backup holds ${summary.rows} and ${summary.files.count}`,
        )
      fs.rmSync(target, { recursive: true, force: true })

      context.log(`backup: round ${round}, raw insert and cp -r`)
      baselineRestores.push(await rawRestore(context, tables, siteDir, dir, round, timeoutMs))
    }

    const backupMs = median(shopwrightBackups.map((run) => run.ms))
    const baselineBackupMs = median(baselineBackups.map((run) => run.ms))
    const restoreMs = median(restores.map((run) => run.ms))
    const baselineRestoreMs = median(baselineRestores.map((run) => run.ms))
    const peakOf = (run: TimedChild) =>
      Math.max(Number.isNaN(run.maxRssMb) ? 0 : run.maxRssMb, run.polledHwmMb)
    const backupPeakMb = Math.max(...shopwrightBackups.map(peakOf))
    const restorePeakMb = Math.max(...restores.map(peakOf))
    const backupRatio = ratio(baselineBackupMs, backupMs)
    const restoreRatio = ratio(baselineRestoreMs, restoreMs)
    const s = (ms: number) => ({ value: ms / 1000, unit: 's' as const })
    const mb = (value: number) => ({ value, unit: 'MB' as const })
    const rate = (bytes: number, ms: number) => ({
      value: bytes / 1024 / 1024 / (ms / 1000),
      unit: 'MB/s' as const,
    })
    const archiveMb = summary.bytes / 1024 / 1024
    const spread = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(', ')
    return {
      rows: [
        comparedRow('backup, wall time', s(backupMs), s(baselineBackupMs)),
        comparedRow(
          'backup, archive MB per second of wall time',
          rate(summary.bytes, backupMs),
          rate(summary.bytes, baselineBackupMs),
        ),
        { metric: 'backup process peak RSS', shopwright: mb(backupPeakMb) },
        comparedRow('restore, wall time', s(restoreMs), s(baselineRestoreMs)),
        { metric: 'restore process peak RSS', shopwright: mb(restorePeakMb) },
        { metric: 'archive size', shopwright: mb(archiveMb) },
      ],
      targets: [
        {
          goal: `Backup of ${n(records)} records, ${n(orders)} orders and ${n((files * FILE_BYTES) / 1024 / 1024)} MiB of files on SQLite at at least 50% of sqlite3 .backup plus tar`,
          measured: `${formatMeasure(s(backupMs))} against ${formatMeasure(s(baselineBackupMs))} (rate ratio ${formatRatio(backupRatio)})`,
          pass: backupRatio >= BACKUP_RATE_TARGET,
        },
        {
          goal: `The backup process's peak RSS under ${BACKUP_MEMORY_TARGET_MB} MB`,
          measured: formatMeasure(mb(backupPeakMb)),
          pass: backupPeakMb > 0 && backupPeakMb < BACKUP_MEMORY_TARGET_MB,
        },
        {
          goal: 'Restore of that archive at at least 25% of a raw insert of the same rows plus a copy of the files',
          measured: `${formatMeasure(s(restoreMs))} against ${formatMeasure(s(baselineRestoreMs))} (rate ratio ${formatRatio(restoreRatio)})`,
          pass: restoreRatio >= RESTORE_RATE_TARGET,
        },
      ],
      notes: [
        `The site: ${n(summary.rows)} rows in ${summary.tables} tables (SQLite file ${(dbBytes / 1024 / 1024).toFixed(1)} MB) and ${n(summary.files.count)} files (${(summary.files.bytes / 1024 / 1024).toFixed(1)} MB; ${n(files)} of them the bench's); the archive ${archiveMb.toFixed(1)} MB. Built in ${(setupMs / 1000).toFixed(1)} s.`,
        `Backup rounds (s): shopwright ${spread(shopwrightBackups.map((run) => run.ms))}; baseline ${baselineBackups.map((run) => `${(run.ms / 1000).toFixed(2)} (sqlite3 ${(run.sqliteMs / 1000).toFixed(2)} + tar ${(run.tarMs / 1000).toFixed(2)})`).join(', ')}.`,
        `Restore rounds (s): shopwright ${spread(restores.map((run) => run.ms))}; baseline ${baselineRestores.map((run) => `${(run.ms / 1000).toFixed(2)} (insert ${(run.insertMs / 1000).toFixed(2)} + cp ${(run.copyMs / 1000).toFixed(2)})`).join(', ')}. The baseline inserted ${n(tableRows)} rows; the restore answered ${n(restoreSummaries[0]!.rows)}.`,
      ],
      raw: {
        plan,
        fileBytes,
        dbBytes,
        setupMs,
        backupSummaries: summaries,
        shopwrightBackups: shopwrightBackups.map(({ stdout: _stdout, ...run }) => run),
        baselineBackups,
        restoreSummaries,
        restores: restores.map(({ stdout: _stdout, ...run }) => run),
        baselineRestores,
        baselineRows: tableRows,
        backupMs,
        baselineBackupMs,
        restoreMs,
        baselineRestoreMs,
        backupPeakMb,
        restorePeakMb,
        rssPollMs: RSS_POLL_MS,
      },
    }
  },
}
