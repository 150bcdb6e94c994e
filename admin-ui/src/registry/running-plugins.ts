import type { AdminModule } from './index.js'

/**
 * The `<meta name>` through which the admin's page tells the app which plugins the server runs: the
 * app is built with the `./admin` entry of every installed package, and uses only those.
 */
export const RUNNING_PLUGINS_META = 'shopwright-plugins'

/** The plugin names the meta's content lists, comma-separated. */
export function parseRunningPlugins(content: string): string[] {
  return content
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}

/**
 * The modules of the running plugins, in their given order. Null (a page that carries no list, as
 * a bare build served by something else) keeps every module: the build is then the only list.
 */
export function runningModules(
  modules: readonly AdminModule[],
  running: readonly string[] | null,
): AdminModule[] {
  return running === null
    ? [...modules]
    : modules.filter((module) => running.includes(module.plugin))
}
