import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:shopwright-panels'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/** The `@shopwright` scope folder of the installation: the nearest `node_modules/@shopwright` upwards. */
function scopeDir(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@shopwright')
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) return undefined
  }
}

/**
 * The packages with an admin entry: every installed `@shopwright/*` package whose package.json
 * exports `./admin`, in name order (the menu has its own order field).
 */
export function adminPackages(from: string): string[] {
  const scope = scopeDir(from)
  if (!scope) return []
  return fs
    .readdirSync(scope)
    .sort()
    .filter((name) => {
      const manifest = path.join(scope, name, 'package.json')
      if (!fs.existsSync(manifest)) return false
      const exports = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: unknown })
        .exports
      return typeof exports === 'object' && exports !== null && './admin' in exports
    })
    .map((name) => `@shopwright/${name}/admin`)
}

/**
 * `virtual:shopwright-panels`: the admin modules of the installed plugins, composed when the admin is
 * built (Architecture: "composed at build time from the configured plugin list"). Each module's
 * panels are lazy components, so every panel still becomes a chunk of its own. Without `packages`
 * (this repository's own build) the modules are the installed `@shopwright/*` ones; a project's
 * build (build-admin.ts) names its configured plugins' packages, whatever their scope.
 */
export function shopwrightPanels(root: string, packages?: readonly string[]): Plugin {
  return {
    name: 'shopwright-panels',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      const modules = packages ? packages.map((name) => `${name}/admin`) : adminPackages(root)
      return [
        ...modules.map((name, index) => `import module${index} from ${JSON.stringify(name)}`),
        `export default [${modules.map((_name, index) => `module${index}`).join(', ')}]`,
      ].join('\n')
    },
  }
}
