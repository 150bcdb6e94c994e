import type { AdminModule } from './index.js'

/**
 * How a plugin's admin module and its server definition's `adminPaths` disagree: the panels whose
 * path the plugin does not declare (the server would not answer them with the app) and the
 * declared paths no panel has (the server would answer them with a screen that says 'Page not
 * Found' and a 200). Both lists empty means the two are in step; each plugin's test checks it.
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
