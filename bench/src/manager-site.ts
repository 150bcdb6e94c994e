import path from 'node:path'
import type { BenchContext } from './scenario.js'
import { startKernel, type RunningServer } from './servers.js'
import { postLogin, runCli, sessionHeaders } from './record-table.js'
import { withServers, type Keep } from './with-servers.js'

/** A staff account of the bench's: a manager, signed in by email and password. */
export interface Manager {
  email: string
  password: string
}

/** A scenario's running kernel with its manager signed in. */
export interface ManagerSite {
  /** The scenario's name: its progress lines and round labels start with it. */
  label: string
  /** The scenario's temporary folder: logs, and the DATA_DIR `data`. */
  dir: string
  kernel: RunningServer
  /** The headers of the signed-in manager's requests. */
  headers: Record<string, string>
  dataDir: string
}

export interface ManagerSiteOptions {
  label: string
  /** What the kernel runs, for the progress line: `the drive`, `sessions`. */
  what: string
  /** The kernel's settings (PLUGINS...), which `shopwright user add` gets too. */
  settings: Record<string, string>
  manager: Manager
  /** How long each server may take to stop before it is killed. */
  graceMs?: number
}

/**
 * Runs a scenario's body against a kernel on a fresh DATA_DIR with `settings`, with the manager
 * added by `shopwright user add --roles allmanagers` and signed in: a manager, not an
 * administrator, because an administrator's rights skip the security records the figures must
 * include. The kernel, and whatever else the body keeps, is stopped when the body ends.
 */
export function withManagerSite<T>(
  context: BenchContext,
  options: ManagerSiteOptions,
  body: (site: ManagerSite, keep: Keep) => Promise<T>,
): Promise<T> {
  const { label, settings, manager } = options
  return withServers(
    context,
    label,
    async ({ dir, keep }) => {
      context.log(`${label}: starting a kernel with ${options.what}`)
      const dataDir = path.join(dir, 'data')
      const kernel = keep(
        await startKernel(context, { dataDir, logFile: path.join(dir, 'kernel.log'), settings }),
      )
      await runCli(
        context,
        [
          'user',
          'add',
          '--email',
          manager.email,
          '--password',
          manager.password,
          '--roles',
          'allmanagers',
        ],
        { cwd: dir, dataDir, logFile: path.join(dir, 'user-add.log'), settings },
      )
      const headers = sessionHeaders(await postLogin(kernel.port, manager))
      return body({ label, dir, kernel, headers, dataDir }, keep)
    },
    options.graceMs,
  )
}
