import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { buildProject } from '../build/project-build.js'
import { findProject } from '../scaffold/project.js'
import type { Terminal } from '../terminal.js'

/** Changes closer together than this make one rebuild (an editor's save writes several files). */
const SETTLE_MS = 250
/** A server that has not stopped this long after SIGTERM is killed: a restart never hangs. */
const STOP_MS = 10_000

/** The CLI's launcher, which the server runs under. */
function cliLauncher(): string {
  const manifest = createRequire(import.meta.url).resolve('@shopwright/cli/package.json')
  return path.join(path.dirname(manifest), 'bin', 'shopwright.js')
}

/** True for a change a rebuild must follow: sources, not the builds' own output. */
export function isSourceChange(relative: string): boolean {
  const parts = relative.split(path.sep)
  if (parts.includes('node_modules') || parts.includes('dist') || parts.includes('.shopwright'))
    return false
  if (parts[0] === 'plugins' || parts[0] === 'themes') return parts.length > 2
  return /^(shopwright\.config\.[cm]?[jt]s|shopwright\.config\.json|package\.json|\.env)$/.test(
    relative,
  )
}

/**
 * `shopwright develop`: builds the project, serves it in development mode in a child process, and
 * on every change in plugins/, themes/ or the configuration builds what changed and restarts the
 * server. A failed build is shown and the next change tries again; Ctrl+C stops both.
 */
export async function develop(terminal: Terminal): Promise<void> {
  const project = findProject(process.cwd())
  const say = (line: string) =>
    process.stderr.write(`${terminal.colours.bold('[develop]')} ${line}\n`)
  let server: ChildProcess | undefined
  let running = false
  let again = false
  let timer: NodeJS.Timeout | undefined

  const stopServer = async (): Promise<void> => {
    const child = server
    server = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const forced = setTimeout(() => child.kill('SIGKILL'), STOP_MS)
    await exited
    clearTimeout(forced)
  }

  const cycle = async (): Promise<void> => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        await stopServer()
        try {
          await buildProject(project.root, { print: say })
        } catch (error) {
          say(`build failed: ${error instanceof Error ? error.message : String(error)}`)
          say('waiting for the next change')
          continue
        }
        server = spawn(process.execPath, [cliLauncher(), 'start'], {
          cwd: project.root,
          stdio: 'inherit',
          env: { ...process.env, NODE_ENV: 'development' },
        })
        server.once('exit', (code, signal) => {
          if (signal !== 'SIGTERM' && !running)
            say(`the server stopped (${signal ?? `exit ${code}`}): waiting for a change`)
        })
      } while (again)
    } finally {
      running = false
    }
  }

  const changed = (relative: string | null): void => {
    if (relative === null || !isSourceChange(relative)) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      say(`${relative} changed: rebuilding`)
      void cycle()
    }, SETTLE_MS)
  }

  // The root itself only for the configuration; plugins/ and themes/ below it, recursively
  // (node_modules is never watched: it would take thousands of watches).
  const watchers = [fs.watch(project.root, (_event, name) => changed(name))]
  for (const folder of ['plugins', 'themes']) {
    const dir = path.join(project.root, folder)
    if (fs.existsSync(dir))
      watchers.push(
        fs.watch(dir, { recursive: true }, (_event, name) =>
          changed(name === null ? null : path.join(folder, name)),
        ),
      )
  }
  const quit = (): void => {
    for (const watcher of watchers) watcher.close()
    clearTimeout(timer)
    void stopServer().then(() => process.exit(0))
  }
  process.once('SIGINT', quit)
  process.once('SIGTERM', quit)
  say(`watching ${project.root} (Ctrl+C stops)`)
  await cycle()
}
