import path from 'node:path'
import { isAppError, loadConfig, parseSize, SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import type {} from '@shopwright/plugin-records'
import { withKernel } from '../boot.js'
import { progressFor, type Progress } from '../progress.js'
import type { Terminal } from '../terminal.js'
import { ArchiveReader } from '../transfer/archive-reader.js'
import { importFiles } from '../transfer/import-files.js'
import { planImport, type ImportPlan } from '../transfer/import-plan.js'
import {
  printSummary,
  type TransferError,
  type TransferSummary,
  type TypeCounts,
} from '../transfer/summary.js'
import { typesOption } from '../transfer/types-option.js'
import { listenForInterrupt, TransferInterrupted } from '../transfer/interrupt.js'

export interface ImportOptions {
  types?: string
  /** False with --no-files. */
  files: boolean
  json?: boolean
}

/**
 * Entries an archive may have: the drive's zip limit (20,000) and the records parts of far more
 * records than a site has. More is refused before anything is read.
 */
const MAX_ENTRIES = 30_000

/** Ends a command whose work finished with errors: exit 1, after the summary listed them. */
export class TransferFailed extends Error {
  override readonly name = 'TransferFailed'
}

/**
 * `shopwright import <file>`: reads an archive `shopwright export` wrote into this site. The whole
 * archive is judged first (import-plan.ts), before the site is even booted, so a refused archive
 * changes nothing, not even the schema. Then the plugins' own missing records are seeded, as
 * `start` does, so an empty database has the record types the archive's records are checked
 * against; then each records part goes through the records plugin's import as the system (created,
 * or updated when it exists; never deleted), then the drive's folders and files (replaced when
 * they exist). A bad item is reported and the rest go on; any error makes the exit code 1.
 */
export async function importArchive(
  file: string,
  options: ImportOptions,
  terminal: Terminal,
): Promise<TransferSummary> {
  const types = typesOption(options.types)
  const started = Date.now()
  const config = await loadConfig()
  const target = path.resolve(file)
  const archive = await ArchiveReader.open(target, MAX_ENTRIES)
  const errors: TransferError[] = []
  let summary: TransferSummary
  try {
    const maxPartBytes = parseSize(config.uploadLimit)
    const plan = await planImport(archive, {
      files: options.files,
      maxPartBytes,
      ...(types ? { types } : {}),
    })
    const progress = progressFor(process.stderr)
    const interruption = listenForInterrupt((line) => process.stderr.write(`\n${line}\n`))
    try {
      const { records, drive } = await withKernel(async (kernel) => {
        await kernel.seed()
        const { signal } = interruption
        const records = await importRecords(
          kernel,
          archive,
          plan,
          maxPartBytes,
          progress,
          errors,
          signal,
        )
        const drive = signal.aborted
          ? null
          : await importFiles(kernel, archive, plan, progress, errors, signal)
        return { records, drive }
      })
      summary = {
        command: 'import',
        file: target,
        ms: Date.now() - started,
        records,
        drive,
        errors,
      }
      if (interruption.interrupted) summary.interrupted = true
    } finally {
      interruption.end()
    }
  } finally {
    archive.close()
  }
  printSummary(summary, options.json === true, terminal)
  if (summary.interrupted)
    throw new TransferInterrupted(
      'import: stopped by Ctrl+C; import the file again to finish (what exists is updated)',
    )
  if (errors.length > 0)
    throw new TransferFailed(`import: ${errors.length} error(s); everything else was imported`)
  return summary
}

/** What the records plugin's import answers for one part. */
type Results = Awaited<ReturnType<Kernel['services']['recordImport']['import']>>

/** A refusal because a referenced record is not there (yet): worth a second pass. */
const missingReference = (result: Results[number]): boolean =>
  !result.ok && result.reason?.startsWith('The referenced record ') === true

/**
 * Each records part through the records plugin's import; what became of the records, by type.
 * The parts come in the order of the types' references (type-order.ts), but a record may still
 * name one that comes later: in a cycle of references, in a later batch of its own type, or from a
 * configuration record. Parts with such refusals are imported once more at the end, when what
 * they name is there; their records written the first time are then unchanged, so the second
 * pass counts only what it created or updated, and its refusals replace the first pass's.
 */
async function importRecords(
  kernel: Kernel,
  archive: ArchiveReader,
  plan: ImportPlan,
  maxPartBytes: number,
  progress: Progress,
  errors: TransferError[],
  signal: AbortSignal,
): Promise<Record<string, TypeCounts>> {
  const { recordImport } = kernel.services
  const counts: Record<string, TypeCounts> = {}
  const of = (type: string): TypeCounts =>
    (counts[type] ??= { created: 0, updated: 0, unchanged: 0, failed: 0 })
  const importPart = async ({
    part,
    entry,
  }: ImportPlan['parts'][number]): Promise<Results | null> => {
    try {
      // A part is about a megabyte (RECORDS_PER_PART), and at most UPLOAD_LIMIT: the import call
      // takes its upload whole, as the HTTP route does, and judges the zip as it judges an upload.
      const upload = await archive.read(entry, maxPartBytes, 'UPLOAD_LIMIT')
      return await recordImport.withSlot(() =>
        recordImport.import(SYSTEM_ACTOR, upload, part.name, signal),
      )
    } catch (error) {
      if (!isAppError(error)) throw error
      errors.push({
        name: part.name,
        code: error.code,
        ...(error.reason ? { reason: error.reason } : {}),
      })
      of(part.type).failed += part.count
      return null
    }
  }
  const account = (
    part: ImportPlan['parts'][number]['part'],
    results: Results,
    again: boolean,
  ): void => {
    for (const result of results) {
      // What Ctrl+C left out of a part: not a failure, the summary says the import stopped.
      if (!result.ok && signal.aborted && result.message === 'ERROR_SERVER_STOPPING') continue
      if (result.ok) {
        if (!again || result.action !== 'unchanged') of(result.type)[result.action]++
        continue
      }
      of(part.type).failed++
      errors.push({
        name: `${part.name}: ${result.name}`,
        code: result.message,
        ...(result.reason ? { reason: result.reason } : {}),
      })
    }
  }
  const bar = progress.bar('records', plan.records)
  const again: Array<{ item: ImportPlan['parts'][number]; first: Results }> = []
  for (const item of plan.parts) {
    if (signal.aborted) break
    of(item.part.type)
    const results = await importPart(item)
    if (results?.some(missingReference)) again.push({ item, first: results })
    else if (results) account(item.part, results, false)
    bar.tick(item.part.count, item.entry.size)
  }
  bar.end()
  for (const { item, first } of again) {
    // Stopped: no second pass; the next import of the file retries what still lacked a reference.
    if (signal.aborted) {
      account(item.part, first, false)
      continue
    }
    account(
      item.part,
      first.filter((result) => result.ok),
      false,
    )
    const results = await importPart(item)
    if (results) account(item.part, results, true)
  }
  return counts
}
