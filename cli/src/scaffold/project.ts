import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from '../usage-error.js'

/** What `shopwright.config.*` and package.json say of a project the commands work on. */
export interface Project {
  root: string
  /** The project's npm name: its own packages are `@<name>/plugin-...` and `@<name>/theme-...`. */
  name: string
  /** The configuration file the scaffold commands edit. */
  configFile: string
}

interface PackageManifest {
  name?: string
  workspaces?: string[]
  shopwright?: { kind?: string }
}

/** Reads a package.json, or undefined where there is none. */
export function readManifest(dir: string): PackageManifest | undefined {
  const file = path.join(dir, 'package.json')
  if (!fs.existsSync(file)) return undefined
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PackageManifest
}

/**
 * The project around `from`: the nearest folder upwards with a package.json and a
 * shopwright.config.ts (what `shopwright create project` makes).
 */
export function findProject(from: string): Project {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const configFile = path.join(dir, 'shopwright.config.ts')
    const manifest = readManifest(dir)
    if (manifest?.name && fs.existsSync(configFile))
      return { root: dir, name: manifest.name, configFile }
    if (path.dirname(dir) === dir)
      throw new UsageError(
        'not in a Shopwright project (no package.json with a shopwright.config.ts here or above): make one with `shopwright create project <folder>`',
      )
  }
}

/** The project's own packages: a folder of plugins/ or themes/ whose package.json says its kind. */
export interface ProjectPackage {
  dir: string
  name: string
  kind: 'plugin' | 'theme'
}

export function projectPackages(root: string): ProjectPackage[] {
  const found: ProjectPackage[] = []
  for (const parent of ['plugins', 'themes']) {
    const folder = path.join(root, parent)
    if (!fs.existsSync(folder)) continue
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      const dir = path.join(folder, entry.name)
      const manifest = readManifest(dir)
      const kind = manifest?.shopwright?.kind
      if (manifest?.name && (kind === 'plugin' || kind === 'theme'))
        found.push({ dir, name: manifest.name, kind })
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name))
}
