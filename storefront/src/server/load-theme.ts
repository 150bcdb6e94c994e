import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '@shopwright/core'
import type { ThemeServerModule } from './storefront-pages.js'

/**
 * The file of the theme package's server entry (`<THEME>/server`), resolved from the project (the
 * working directory) first, then from the storefront's own dependencies, where the default theme
 * lives. Resolving reads no more than package.json files, so a boot checks the setting with it
 * (a theme that is not installed stops start-up) without loading the theme.
 */
export function resolveTheme(name: string, cwd = process.cwd()): string {
  for (const from of [path.join(cwd, 'noop.js'), import.meta.url]) {
    try {
      return createRequire(from).resolve(`${name}/server`)
    } catch {
      continue
    }
  }
  throw new ConfigError(
    'THEME',
    `names "${name}", which is not installed (its package must export ./server)`,
  )
}

/** The theme package's server entry, loaded (see resolveTheme). */
export async function loadTheme(name: string, cwd = process.cwd()): Promise<ThemeServerModule> {
  return (await import(pathToFileURL(resolveTheme(name, cwd)).href)) as ThemeServerModule
}

/**
 * Whether the theme's server entry (the file resolveTheme answers) may export `mailTemplates`,
 * read from its text without running it. A theme's e-mails must be in place before the first
 * e-mail is made, which may come before the first page; a theme that may have some is therefore
 * loaded at boot, and one that cannot (it never names them, re-exports nothing wholesale and
 * requires nothing) on the first page. A doubt answers true: loading early is only slower.
 */
export function mayExportMailTemplates(file: string): boolean {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return true
  }
  return /mailTemplates|export\s*\*|\brequire\s*\(/.test(text)
}
