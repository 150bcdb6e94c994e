import fs from 'node:fs'
import path from 'node:path'
import type { LogLevel } from 'vite'
import { loadConfig } from '@shopwright/core'
import { DEFAULT_PLUGINS, pluginPackage } from '../resolve-plugins.js'
import { projectPackages } from '../scaffold/project.js'
import { PROJECT_ADMIN_DIR } from './admin-dir.js'
import { BuildState, fingerprint } from './fingerprint.js'
import { hasAdmin, packageDir, readManifest } from './package-dirs.js'
import { buildPluginServer, buildTheme } from './vite-builds.js'

export interface BuildOptions {
  /** Build every step, fresh or not. */
  force?: boolean
  /** One line per step. */
  print: (line: string) => void
  /** Vite's own output: warnings by default. */
  logLevel?: LogLevel
}

/** A project plugin's folders the admin app's build reads (its `./admin` code and what that imports). */
const ADMIN_SOURCES = ['src/admin', 'src/shared']

export interface BuiltStep {
  step: string
  built: boolean
  ms: number
}

/**
 * `shopwright build`: the project's plugins (their server code), its themes, and the admin app
 * with the panels of every configured plugin that has them, whatever its package scope. A step
 * whose inputs are unchanged since it was last built is skipped, so `npm start` (build, then
 * start) costs a build only after a change.
 */
export async function buildProject(root: string, options: BuildOptions): Promise<BuiltStep[]> {
  const state = new BuildState(root)
  const logLevel = options.logLevel ?? 'warn'
  const steps: BuiltStep[] = []
  const run = async (step: string, print: string, output: string, work: () => Promise<void>) => {
    if (!options.force && state.fresh(step, print, output)) {
      steps.push({ step, built: false, ms: 0 })
      options.print(`${step}: unchanged`)
      return
    }
    const started = performance.now()
    await work()
    state.built(step, print)
    const ms = Math.round(performance.now() - started)
    steps.push({ step, built: true, ms })
    options.print(`${step}: built in ${(ms / 1000).toFixed(1)} s`)
  }

  const own = projectPackages(root)
  for (const part of own) {
    const output =
      part.kind === 'plugin'
        ? path.join(part.dir, 'dist/index.js')
        : path.join(part.dir, 'dist/server/server-entry.js')
    await run(`${part.kind} ${part.name}`, fingerprint([part.dir]), output, () =>
      part.kind === 'plugin'
        ? buildPluginServer(part.dir, logLevel)
        : buildTheme(part.dir, logLevel),
    )
  }

  const config = await loadConfig({ cwd: root })
  const admin = adminPackages(config.plugins, root)
  const adminUi = packageDir('@shopwright/admin-ui', root)
  const versions = [adminUi, ...admin.map((each) => each.dir)].map(
    (dir) => `${dir}@${dir ? readManifest(dir)?.version : 'missing'}`,
  )
  const outDir = path.join(root, PROJECT_ADMIN_DIR)
  // The project's own plugins' admin code is an input: what their `./admin` export reaches, src/admin
  // and the browser-safe src/shared (docs/plugins.md), and their package.json (its exports), so an
  // edit of a plugin's server code rebuilds that plugin, not the admin. Installed packages change
  // with their version.
  const ownAdmin = admin.filter((each) => own.some((part) => part.dir === each.dir))
  await run(
    'admin',
    fingerprint(
      ownAdmin.flatMap((each) => ADMIN_SOURCES.map((folder) => path.join(each.dir, folder))),
      [
        ...versions,
        ...ownAdmin.map((each) => fs.readFileSync(path.join(each.dir, 'package.json'), 'utf8')),
      ],
    ),
    path.join(outDir, 'index.html'),
    async () => {
      const { buildAdmin } = await import('@shopwright/admin-ui/build')
      await buildAdmin({ packages: admin.map((each) => each.name), outDir, logLevel })
    },
  )
  return steps
}

/** The configured plugins' packages that export `./admin`, in the configuration's order. */
function adminPackages(
  plugins: ReadonlyArray<string | { name: string }>,
  root: string,
): Array<{ name: string; dir: string }> {
  const found: Array<{ name: string; dir: string }> = []
  for (const spec of plugins.length ? plugins : DEFAULT_PLUGINS) {
    // An inline plugin (an object in shopwright.config.ts) has no package, so no admin module.
    if (typeof spec !== 'string') continue
    const name = pluginPackage(spec)
    const dir = packageDir(name, root)
    if (dir && hasAdmin(dir)) found.push({ name, dir })
  }
  return found
}
