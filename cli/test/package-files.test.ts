import fs from 'node:fs'
import path from 'node:path'
import { builtinModules } from 'node:module'
import { describe, expect, it } from 'vitest'

/**
 * A project installs Shopwright's packages from the registry, where only each package's `files`
 * exist. Exports that point into src/ (admin modules, the kit, the theme's parts) are compiled in
 * the project, so every file they import must be among those files: one left out breaks every
 * project's build, and nothing in this repository would notice (its own folders are all there).
 */

const REPO = path.resolve(import.meta.dirname, '../..')
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

interface Manifest {
  name: string
  private?: boolean
  files?: string[]
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  exports?: Record<string, string | { default?: string; types?: string }>
}

function packages(): Array<{ dir: string; manifest: Manifest }> {
  const root = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return root.workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? fs
            .readdirSync(path.join(REPO, pattern.slice(0, -2)))
            .map((dir) => path.join(REPO, pattern.slice(0, -2), dir))
        : [path.join(REPO, pattern)],
    )
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')))
    .map((dir) => ({
      dir,
      manifest: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest,
    }))
    .filter(({ manifest }) => !manifest.private)
}

/** The source file an import names: `./x.js` is x.ts or x.tsx; CSS and other files as they are. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
  ]
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

/** Every file reachable from an entry through relative imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    if (!/\.(ts|tsx)$/.test(file)) continue
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]!)
      if (target) queue.push(target)
    }
  }
  return seen
}

describe('published packages ship what their source exports import', () => {
  for (const { dir, manifest } of packages()) {
    const sourceEntries = Object.values(manifest.exports ?? {})
      .map((target) => (typeof target === 'string' ? target : target.default))
      .filter(
        (target): target is string => typeof target === 'string' && target.startsWith('./src/'),
      )
    if (sourceEntries.length === 0) continue
    it(`${manifest.name}`, () => {
      const shipped = (manifest.files ?? []).map((entry) => path.join(dir, entry))
      const missing: string[] = []
      for (const entry of sourceEntries)
        for (const file of reachable(path.join(dir, entry)))
          if (!shipped.some((folder) => file === folder || file.startsWith(`${folder}${path.sep}`)))
            missing.push(path.relative(dir, file))
      expect([...new Set(missing)]).toEqual([])
    })
  }
})

/**
 * A bare import that runs (not `import type`, nor a comment's `import('x')` type, as in the JSDoc
 * of bundled libraries): `from 'x'`, `import('x')`, `import 'x'`.
 */
const BARE_IMPORT =
  /^(?!\s*(?:import|export)\s+type\b)(?!\s*(?:\*|\/\/)).*?(?:from\s+|import\s*\(\s*|import\s+)'([^'./][^']*)'/gm
/** Test helpers beside the code are shipped with it but never run in a project. */
const TEST_HELPER = /\.test\.|(^|\/)(test|testing)\/|\/test-[^/]*$/

/** The shipped code files of a package: its `files`, without the prebuilt browser bundles. */
function shippedCode(dir: string, manifest: Manifest): string[] {
  const found: string[] = []
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) {
        if (!['node_modules', 'client', 'templates'].includes(entry.name)) walk(file)
      } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name))
        found.push(file)
    }
  }
  for (const entry of manifest.files ?? []) {
    const target = path.join(dir, entry)
    // The CLI's templates are a new project's code, which declares its own dependencies.
    if (!fs.existsSync(target) || entry === 'templates') continue
    if (fs.statSync(target).isDirectory()) walk(target)
    else found.push(target)
  }
  return found.filter(
    (file) => !TEST_HELPER.test(path.relative(dir, file).split(path.sep).join('/')),
  )
}

describe('published packages declare every package their shipped code imports', () => {
  for (const { dir, manifest } of packages()) {
    it(`${manifest.name}`, () => {
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
      ])
      const phantom = new Set<string>()
      for (const file of shippedCode(dir, manifest))
        for (const match of fs.readFileSync(file, 'utf8').matchAll(BARE_IMPORT)) {
          const specifier = match[1]!
          if (specifier.startsWith('node:') || specifier.startsWith('virtual:')) continue
          const parts = specifier.split('/')
          const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
          if (!builtinModules.includes(name) && !declared.has(name))
            phantom.add(`${name} (${path.relative(dir, file)})`)
        }
      expect([...phantom]).toEqual([])
    })
  }
})
