import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

interface Manifest {
  name?: string
  version?: string
  exports?: unknown
}

/**
 * The folder of an installed package, seen from `from`: the nearest `node_modules/<name>` upwards
 * (a project's own plugins are linked there by npm's workspaces), then wherever this CLI's own
 * dependencies resolve it. Undefined when it is not installed.
 */
export function packageDir(name: string, from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate)
    if (path.dirname(dir) === dir) break
  }
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve(name))
    for (; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
      const manifest = readManifest(dir)
      if (manifest?.name === name) return dir
    }
  } catch {
    // not installed for the CLI either
  }
  return undefined
}

export function readManifest(dir: string): Manifest | undefined {
  const file = path.join(dir, 'package.json')
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined
}

/** True when a package's exports name `./admin`: its panels go into the admin app. */
export function hasAdmin(dir: string): boolean {
  const exports = readManifest(dir)?.exports
  return typeof exports === 'object' && exports !== null && './admin' in exports
}
