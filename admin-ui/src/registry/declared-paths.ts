import type { AdminModule } from './index.js'

/**
 * How a plugin's admin module and the addresses the plugin adds in its bootstrap
 * (`admin.addPaths`) disagree: the panels whose path the plugin does not add (the server would not
 * answer them with the app) and the added paths no panel has (the server would answer them with a
 * screen that says 'Page not Found' and a 200). Both lists empty means the two are in step
 * (cli/test/admin-paths.test.ts checks every built-in plugin).
 */
export function adminPathsMismatch(
  module: AdminModule,
  declared: readonly string[] | undefined,
): { undeclared: string[]; withoutPanel: string[] } {
  const panels = new Set((module.panels ?? []).map((panel) => panel.path))
  const paths = new Set(declared ?? [])
  return {
    undeclared: [...panels].filter((path) => !paths.has(path)),
    withoutPanel: [...paths].filter((path) => !panels.has(path)),
  }
}
