import { coloursFor, wantsColour } from '../colours.js'
import { formatBytes, formatDuration } from '../sizes.js'
import { alignedTable } from '../table.js'
import type { Terminal } from '../terminal.js'

/** Something that went wrong with one item: a record, a records part, a file. */
export interface TransferError {
  /** What it happened to: `records/0003.zip: product-12.json`, `drive/public/a.png`. */
  name: string
  /** The error catalogue's code. */
  code: string
  reason?: string
}

/** What one type's records came to in an import. */
export interface TypeCounts {
  created: number
  updated: number
  unchanged: number
  failed: number
}

export interface DriveCounts {
  folders: number
  files: number
  bytes: number
}

/** The end of an export or an import, as --json prints it. */
export interface TransferSummary {
  command: 'export' | 'import'
  file: string
  ms: number
  /** Export: records per type. Import: what became of them per type. */
  records: Record<string, number | TypeCounts>
  /** Folders and files written; null when files were left out (or the site has no drive). */
  drive: DriveCounts | null
  errors: TransferError[]
  /** Ctrl+C stopped it: the counts are what was done before (docs/cli.md). */
  interrupted?: boolean
}

/** `ERROR_CODE: reason (name)`: how a line names an error, for stderr. */
export function errorLine(error: TransferError): string {
  return `${error.code}: ${error.reason ?? 'failed'} (${error.name})`
}

/**
 * Prints the summary: JSON on stdout with --json, else a sentence and a table per type; then each
 * error on stderr, with its code, so a pipe of the answer never mixes with them.
 */
export function printSummary(summary: TransferSummary, json: boolean, terminal: Terminal): void {
  if (json) terminal.print(JSON.stringify(summary, null, 2))
  else for (const line of summaryLines(summary, terminal)) terminal.print(line)
  const red = coloursFor(wantsColour(process.stderr)).red
  for (const error of summary.errors) process.stderr.write(`${red(errorLine(error))}\n`)
}

function summaryLines(summary: TransferSummary, terminal: Terminal): string[] {
  const types = Object.entries(summary.records)
  const total = types.reduce((sum, [, value]) => sum + countOf(value), 0)
  const drive = summary.drive
    ? `, ${summary.drive.files} file(s) in ${summary.drive.folders} folder(s) (${formatBytes(summary.drive.bytes)})`
    : ''
  const what = `${total} record(s) of ${types.length} type(s)${drive}`
  const done =
    summary.command === 'export'
      ? `Exported ${what} to ${summary.file} in ${formatDuration(summary.ms)}`
      : `Imported ${what} from ${summary.file} in ${formatDuration(summary.ms)}`
  const errors = summary.errors.length
  const lines = [
    summary.interrupted
      ? terminal.colours.bold(interruptedLine(summary, what))
      : errors === 0
        ? terminal.colours.green(`${done}.`)
        : terminal.colours.red(`${done}, with ${errors} error(s).`),
  ]
  if (types.length === 0) return lines
  const heading =
    summary.command === 'export'
      ? ['TYPE', 'RECORDS']
      : ['TYPE', 'CREATED', 'UPDATED', 'UNCHANGED', 'FAILED']
  const rows = types.map(([type, value]) =>
    typeof value === 'number'
      ? [type, String(value)]
      : [
          type,
          String(value.created),
          String(value.updated),
          String(value.unchanged),
          String(value.failed),
        ],
  )
  return [...lines, '', ...alignedTable(heading, rows, terminal.colours)]
}

function countOf(value: number | TypeCounts): number {
  return typeof value === 'number' ? value : value.created + value.updated + value.unchanged
}

/** What a stopped transfer did, and what to do next. */
function interruptedLine(summary: TransferSummary, what: string): string {
  const after = formatDuration(summary.ms)
  return summary.command === 'export'
    ? `Stopped by Ctrl+C after ${after}: no archive was written (${summary.file} is as it was).`
    : `Stopped by Ctrl+C after ${after}: ${what} imported from ${summary.file}, the rest not. ` +
        'Import the file again to finish: what exists is updated, nothing is duplicated.'
}
