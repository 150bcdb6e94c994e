import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/** The package a loaded file belongs to: the part after its last node_modules folder. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf('/node_modules/')
  if (at < 0) return null
  const [scope, name] = file.slice(at + '/node_modules/'.length).split('/')
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? null)
}

/**
 * The npm packages a fresh Node process loads when it imports `entry` (a built plugin), and
 * nothing else: ESM imports as a resolve hook sees them, CommonJS ones from require's cache. A
 * child process, not an import here, as vitest's loader has loaded much already and forgives what
 * plain Node refuses. Issue 34: optional libraries come in on first use, not at start.
 */
export function packagesLoadedBy(entry: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'sw-loaded-'))
  const log = path.join(dir, 'resolved.txt')
  try {
    const hook = `import fs from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  fs.appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n')
  return resolved
}`
    const script = `import { createRequire, register } from 'node:module'
import fs from 'node:fs'
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})
await import(${JSON.stringify(pathToFileURL(entry).href)})
const required = Object.keys(createRequire(import.meta.url).cache)
const imported = fs.readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n')
process.stdout.write(JSON.stringify([...required, ...imported]))`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(entry),
      encoding: 'utf8',
    })
    const files = (JSON.parse(output) as string[]).map((file) =>
      file.startsWith('file:') ? new URL(file).pathname : file,
    )
    return [...new Set(files.map(packageOf).filter((name) => name !== null))].sort()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A plugin's check that its built package, as a site starts it, loads none of `libraries` at
 * start (issue 34). `testFile` is the calling suite's `import.meta.url`: the build is
 * `../dist/index.js` from the plugin's test folder, and the check is skipped until it exists (npm
 * test builds first).
 */
export function describeLazyLibraries(
  testFile: string,
  title: string,
  libraries: readonly string[],
): void {
  const dist = fileURLToPath(new URL('../dist/index.js', testFile))
  describe('the built plugin', () => {
    it.skipIf(!existsSync(dist))(title, () => {
      const loaded = packagesLoadedBy(dist)
      // The hook does see packages: core's logger comes in at start (koa, knex and zod are
      // inside core's bundle, no packages of their own at run time).
      expect(loaded).toContain('pino')
      for (const library of libraries) expect(loaded, library).not.toContain(library)
    })
  })
}
