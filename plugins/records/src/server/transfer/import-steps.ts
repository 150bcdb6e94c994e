import { createError, type AppError } from '@shopwright/core'
import { countJsonValues } from './json-values.js'
import type { ZipEntry } from './zip-reader.js'

/** What happened to one imported item. */
export type ImportResult =
  | { ok: true; type: string; id: string; action: 'created' | 'updated' | 'unchanged' }
  | { ok: false; name: string; message: string; reason?: string }

/** Items written per transaction; the process serves other requests between two batches. */
export const IMPORT_BATCH = 500

/** How many values one file may hold: parsing makes an object or a number of each (json-values.ts). */
export const MAX_FILE_VALUES = 500_000

/** How many records one import may hold; a larger set is imported in parts. */
export const MAX_IMPORT_ITEMS = 200_000

/** The items of one file; an item is named in the answer as `file.json`, or `file.json[3]` in a list. */
export interface Items {
  file: string
  list: unknown[]
  listed: boolean
  /** The values its text holds (at most): what it costs in memory while it is being imported. */
  values: number
}

/** A step of an import: a batch of a file's items, or a file (or the rest) refused as a whole. */
export type BatchStep = { kind: 'batch'; items: Items; start: number }
export type Step = BatchStep | { kind: 'problem'; result: ImportResult; last?: boolean }

const decoder = new TextDecoder('utf-8', { fatal: true })

/** A refusal as an import answer. */
export function failure(name: string, error: AppError): ImportResult {
  return {
    ok: false,
    name,
    message: error.code,
    ...(error.reason ? { reason: error.reason } : {}),
  }
}

/** The name of item `index` of a file, made only for the answers that need one. */
export function nameOf(items: Items, index: number): string {
  return items.listed ? `${items.file}[${index}]` : items.file
}

/** Where a step is, for an answer about what follows it. */
export function labelOf(step: Step): string {
  return step.kind === 'batch'
    ? nameOf(step.items, step.start)
    : (step.result as { name: string }).name
}

/** True when the step is the last batch of its file. */
export function endsFile(step: BatchStep): boolean {
  return step.start + IMPORT_BATCH >= step.items.list.length
}

/**
 * The import's steps in order: each .json file's items in batches, or a refusal for a file that
 * is not .json, not UTF-8 JSON, or holds more than MAX_FILE_VALUES values (counted before it is
 * parsed). Past MAX_IMPORT_ITEMS records the rest is refused in one last step. `onParsed` hears of
 * each file parsed, for the caller's memory budget.
 */
export async function* importSteps(
  files: AsyncIterable<ZipEntry>,
  onParsed: (items: Items) => void,
): AsyncGenerator<Step> {
  let total = 0
  for await (const file of files) {
    if (!file.name.toLowerCase().endsWith('.json')) {
      yield problem(file.name, 'ERROR_IMPORT_FILE_TYPE')
      continue
    }
    const values = countJsonValues(file.data)
    if (values > MAX_FILE_VALUES) {
      yield problem(
        file.name,
        'ERROR_BODY_TOO_LARGE',
        `The file holds more than ${MAX_FILE_VALUES} values: split it into smaller files.`,
      )
      continue
    }
    const items = parse(file, values)
    if (!items) {
      // Not UTF-8, not JSON, or nested past the parser's stack.
      yield problem(file.name, 'ERROR_JSON_BODY')
      continue
    }
    total += items.list.length
    if (total > MAX_IMPORT_ITEMS) {
      yield {
        ...problem(
          `${file.name} and what follows it`,
          'ERROR_BODY_TOO_LARGE',
          `An import holds at most ${MAX_IMPORT_ITEMS} records: import the rest in another file.`,
        ),
        last: true,
      }
      return
    }
    onParsed(items)
    for (let start = 0; start < items.list.length; start += IMPORT_BATCH)
      yield { kind: 'batch', items, start }
  }
}

function problem(
  name: string,
  message: string,
  reason?: string,
): { kind: 'problem'; result: ImportResult } {
  return { kind: 'problem', result: { ok: false, name, message, ...(reason ? { reason } : {}) } }
}

function parse(file: ZipEntry, values: number): Items | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(decoder.decode(file.data))
  } catch {
    return undefined
  }
  const list = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed]
  return { file: file.name, list, listed: Array.isArray(parsed), values }
}

/** The whole upload as the one file of a .json import. */
export async function* single(name: string, data: Buffer, limit: number): AsyncGenerator<ZipEntry> {
  if (data.length > limit)
    throw createError('ERROR_BODY_TOO_LARGE', {
      reason: `A .json import may hold at most ${limit} bytes.`,
    })
  yield { name, data }
}

/** The last answer of an import a graceful stop ended: what was not imported. */
export function stopped(name: string): ImportResult {
  return {
    ok: false,
    name,
    message: 'ERROR_SERVER_STOPPING',
    reason: 'Not imported: the server is stopping. Import the file again: what exists is updated.',
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** .json or .zip, by the given name when there is one, else by the content; anything else is refused. */
export function kindOf(upload: Uint8Array, filename: string | undefined): 'json' | 'zip' {
  const lower = filename?.toLowerCase()
  if (lower !== undefined) {
    if (lower.endsWith('.zip')) return 'zip'
    if (lower.endsWith('.json')) return 'json'
    throw createError('ERROR_IMPORT_FILE_TYPE', { status: 415 })
  }
  if (ZIP_MAGIC.every((byte, index) => upload[index] === byte)) return 'zip'
  let start = 0
  if (upload[0] === 0xef && upload[1] === 0xbb && upload[2] === 0xbf) start = 3
  while (start < upload.length && [0x20, 0x09, 0x0a, 0x0d].includes(upload[start]!)) start++
  if (upload[start] === 0x7b || upload[start] === 0x5b) return 'json'
  throw createError('ERROR_IMPORT_FILE_TYPE', { status: 415 })
}
