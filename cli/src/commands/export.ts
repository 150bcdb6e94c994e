import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createError, SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
// The plugins' types add `records`, `recordTypes`, `recordExport` and `drive` to the Services.
import type {} from '@shopwright/plugin-records'
import { zipStream, type ZipMember } from '@shopwright/plugin-drive'
import { withKernel } from '../boot.js'
import { progressFor, type Progress } from '../progress.js'
import type { Terminal } from '../terminal.js'
import { listenForInterrupt, TransferInterrupted } from '../transfer/interrupt.js'
import { cliVersion } from '../version.js'
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  RECORDS_PER_PART,
  partName,
  type FilesPart,
  type Manifest,
  type RecordPart,
} from '../transfer/manifest.js'
import { printSummary, type TransferSummary } from '../transfer/summary.js'
import { importOrder } from '../transfer/type-order.js'
import { typesOption } from '../transfer/types-option.js'

export interface ExportOptions {
  types?: string
  /** False with --no-files. */
  files: boolean
  json?: boolean
}

/** Ids read per query while the parts are laid out: the store's list call is paged. */
const PAGE = 500

/**
 * `shopwright export <file>`: writes the site's records (all types, or --types) and the drive's
 * files (unless --no-files) into one zip (transfer/manifest.ts). The records go through the records
 * plugin's own export as the system, the files through the drive's own zip writer, one at a time,
 * so memory stays one records part and one chunk of a file. The archive is written beside its name
 * and renamed at the end: a failed export never leaves a half archive under the name asked for.
 */
export async function exportArchive(
  file: string,
  options: ExportOptions,
  terminal: Terminal,
): Promise<TransferSummary> {
  const types = typesOption(options.types)
  const target = path.resolve(file)
  const folder = path.dirname(target)
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`export: the folder ${folder} does not exist`)
  const started = Date.now()
  const progress = progressFor(process.stderr)
  const partial = `${target}.${process.pid}.partial`
  const interruption = listenForInterrupt((line) => process.stderr.write(`\n${line}\n`))
  let result: Layout
  try {
    result = await withKernel(async (kernel) => {
      const layout = await layOut(kernel, types, options.files)
      try {
        // Ctrl+C ends the streams where they are: the half archive is removed below.
        await pipeline(
          zipStream(members(kernel, layout, progress)),
          fs.createWriteStream(partial),
          { signal: interruption.signal },
        )
        fs.renameSync(partial, target)
      } catch (error) {
        fs.rmSync(partial, { force: true })
        if (!interruption.interrupted) throw error
      }
      return layout
    })
  } finally {
    interruption.end()
  }
  const summary: TransferSummary = {
    command: 'export',
    file: target,
    ms: Date.now() - started,
    records: interruption.interrupted ? {} : countsByType(result.parts),
    drive: interruption.interrupted ? null : result.drive,
    errors: [],
  }
  if (interruption.interrupted) summary.interrupted = true
  printSummary(summary, options.json === true, terminal)
  if (summary.interrupted) throw new TransferInterrupted('export: stopped by Ctrl+C')
  return summary
}

/** What goes in the archive: the records parts with their keys, and the drive's members. */
interface Layout {
  parts: Array<RecordPart & { ids: string[] }>
  driveMembers: ZipMember[] | null
  /** Filled in as the files are written; null without them. */
  drive: FilesPart | null
}

async function layOut(
  kernel: Kernel,
  types: readonly string[] | undefined,
  withFiles: boolean,
): Promise<Layout> {
  const { records, recordTypes } = kernel.services
  const known = await recordTypes.ids()
  const unknown = (types ?? []).filter((type) => !known.includes(type))
  if (unknown.length > 0)
    throw createError('ERROR_RECORDTYPE_REQUIRED', {
      reason: `Unknown record type ${unknown.map((type) => `"${type}"`).join(', ')}.`,
    })
  const parts: Layout['parts'] = []
  for (const type of await importOrder(kernel, types ?? known)) {
    const ids: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await records.findAll(type, {
        limit: PAGE,
        ...(after === undefined ? {} : { after }),
      })
      ids.push(...page.map((record) => record.id))
      if (page.length < PAGE) break
      after = page[page.length - 1]!.id
    }
    for (let start = 0; start < ids.length; start += RECORDS_PER_PART) {
      const slice = ids.slice(start, start + RECORDS_PER_PART)
      parts.push({
        type,
        count: slice.length,
        name: partName(parts.length + 1, slice.length),
        ids: slice,
      })
    }
  }
  const drive = withFiles ? kernel.optional('drive') : undefined
  // The whole drive as the system sees it, as its own download of the root lists it ("drive/...");
  // the drive refuses more than its zip limits (docs/drive.md).
  const driveMembers = drive ? await drive.zipMembers(SYSTEM_ACTOR, ['']) : null
  return {
    parts,
    driveMembers,
    drive: driveMembers ? { files: 0, folders: 0, bytes: 0 } : null,
  }
}

/** The archive's members in order: records parts, the drive, and the manifest, made last with the counts. */
function members(kernel: Kernel, layout: Layout, progress: Progress): ZipMember[] {
  const { recordExport } = kernel.services
  const total = layout.parts.reduce((sum, part) => sum + part.count, 0)
  const recordsBar = progress.bar('records', total)
  const list: ZipMember[] = layout.parts.map((part) => ({
    name: part.name,
    modified: Date.now(),
    open: async () => {
      const keys = part.ids.map((id) => ({ type: part.type, id }))
      const download = await recordExport.export(SYSTEM_ACTOR, keys)
      recordsBar.tick(part.count, download.data.byteLength)
      return Readable.from([Buffer.from(download.data)])
    },
  }))
  const counts = layout.drive
  const driveMembers = layout.driveMembers ?? []
  const files = driveMembers.filter((member) => member.open).length
  let filesBar: ReturnType<Progress['bar']> | undefined
  const startFiles = () => {
    if (filesBar) return filesBar
    recordsBar.end()
    return (filesBar = progress.bar('files  ', files))
  }
  for (const member of driveMembers) {
    const open = member.open
    list.push({
      ...member,
      open: async () => {
        const bar = startFiles()
        if (!open) {
          counts!.folders++
          return Readable.from([])
        }
        counts!.files++
        return Readable.from(
          counted(
            await open(),
            (bytes) => {
              counts!.bytes += bytes
              bar.tick(0, bytes)
            },
            () => bar.tick(1),
          ),
        )
      },
    })
  }
  list.push({
    name: MANIFEST_NAME,
    modified: Date.now(),
    open: async () => {
      recordsBar.end()
      filesBar?.end()
      const manifest: Manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        created: new Date().toISOString(),
        shopwright: cliVersion(),
        records: layout.parts.map(({ type, count, name }) => ({ type, count, name })),
        drive: layout.drive,
      }
      return Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)])
    },
  })
  return list
}

/** A file's chunks, passed on as they come, with each one's size told and the end told once. */
async function* counted(
  source: Readable,
  onBytes: (bytes: number) => void,
  onEnd: () => void,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      onBytes(chunk.length)
      yield chunk
    }
    onEnd()
  } finally {
    source.destroy()
  }
}

function countsByType(parts: readonly RecordPart[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const part of parts) counts[part.type] = (counts[part.type] ?? 0) + part.count
  return counts
}
