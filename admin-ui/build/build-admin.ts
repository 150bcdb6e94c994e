import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { precompress } from './compress-plugin.js'
import { shopwrightPanels } from './panels-plugin.js'

/** This package's folder: the app's index.html and src/ are built from here, wherever it is installed. */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface BuildAdminOptions {
  /** The packages whose `./admin` module the app mounts (a project's plugins, any scope). */
  packages: readonly string[]
  /** Where the built app goes; `adminPages({ clientDir })` serves it. */
  outDir: string
  /** Vite's log level; a command's own output stays readable with `warn`. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent'
}

/**
 * Builds the admin app with a project's own plugins (`shopwright build`): the same app as this
 * package's `dist/client`, whose panels are the `./admin` modules of the named packages. The
 * plugins' admin sources are TypeScript compiled here, so a plugin ships no admin build of its own.
 */
export async function buildAdmin(options: BuildAdminOptions): Promise<void> {
  await build({
    configFile: false,
    root: PACKAGE_ROOT,
    base: '/admin/',
    logLevel: options.logLevel ?? 'warn',
    plugins: [react(), shopwrightPanels(PACKAGE_ROOT, options.packages), precompress()],
    build: {
      outDir: path.resolve(options.outDir),
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      // The lazy chunks of the globe's data and the editor are large by nature, and the brotli
      // pass is slow by choice: neither is news to a project's developer on every build.
      chunkSizeWarningLimit: 2048,
      rolldownOptions: { checks: { pluginTimings: false } },
    },
  })
}
