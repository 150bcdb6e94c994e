import path from 'node:path'
import type { BenchContext } from './scenario.js'
import { startKernel, type RunningServer } from './servers.js'
import { withServers } from './with-servers.js'

export interface FreshKernelOptions {
  /** Settings for this kernel, on top of the clean environment. */
  settings?: Record<string, string>
  /** How long the kernel may take to stop before it is killed. */
  graceMs?: number
}

/**
 * Runs a scenario's body against a kernel on an empty DATA_DIR in the scenario's own temporary
 * folder (its first start migrates and seeds: the sample shop), and stops the kernel when the body
 * ends, however it ends.
 */
export function withFreshKernel<T>(
  context: BenchContext,
  label: string,
  options: FreshKernelOptions,
  body: (kernel: RunningServer, dir: string) => Promise<T>,
): Promise<T> {
  return withServers(
    context,
    label,
    async ({ dir, keep }) => {
      context.log(`${label}: starting the kernel (first start: migrations and seeds)`)
      const kernel = keep(
        await startKernel(context, {
          dataDir: path.join(dir, 'data'),
          logFile: path.join(dir, 'kernel.log'),
          ...(options.settings ? { settings: options.settings } : {}),
        }),
      )
      return body(kernel, dir)
    },
    options.graceMs,
  )
}
