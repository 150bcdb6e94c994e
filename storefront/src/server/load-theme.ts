import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '@shopwright/core'
import type { ThemeServerModule } from './storefront-pages.js'

/**
 * The theme package's server entry (`<THEME>/server`), resolved from the project (the working
 * directory) first, then from the storefront's own dependencies, where the default theme lives.
 */
export async function loadTheme(name: string, cwd = process.cwd()): Promise<ThemeServerModule> {
  for (const from of [path.join(cwd, 'noop.js'), import.meta.url]) {
    let resolved: string
    try {
      resolved = createRequire(from).resolve(`${name}/server`)
    } catch {
      continue
    }
    return (await import(pathToFileURL(resolved).href)) as ThemeServerModule
  }
  throw new ConfigError(
    'THEME',
    `names "${name}", which is not installed (its package must export ./server)`,
  )
}
