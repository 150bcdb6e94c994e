import path from 'node:path'
import type { BenchContext } from './scenario.js'
import { startKernel, type RunningServer } from './servers.js'
import { recordTable, type RecordTable } from './record-table.js'
import { withServers, type Keep } from './with-servers.js'

/** What a record scenario's body gets: the kernel on the table, the table, its folder, `keep`. */
export interface TableKernel {
  kernel: RunningServer
  table: RecordTable
  /** The scenario's own temporary folder: its logs go there, the table stays shared. */
  dir: string
  keep: Keep
}

/**
 * Runs a record scenario's body against a kernel on the shared record table (built by whichever
 * record scenario runs first); the kernel and whatever else the body keeps are stopped when it
 * ends, however it ends.
 */
export async function withTableKernel<T>(
  context: BenchContext,
  label: string,
  body: (scope: TableKernel) => Promise<T>,
): Promise<T> {
  const table = await recordTable(context)
  return withServers(context, label, async ({ dir, keep }) => {
    context.log(`${label}: starting the kernel on the record table`)
    const kernel = keep(
      await startKernel(context, { dataDir: table.dataDir, logFile: path.join(dir, 'kernel.log') }),
    )
    return body({ kernel, table, dir, keep })
  })
}
