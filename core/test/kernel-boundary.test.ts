import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CORE_CONTRACTS, CORE_SERVICES } from '../src/kernel/plugin-services.js'

const src = fileURLToPath(new URL('../src', import.meta.url))

/** Core's product files (tests aside), relative to core/src. */
function productFiles(dir = src): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return productFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [path.relative(src, full)]
      : []
  })
}

/** The names a module imports from, statically or with import(). */
function importedModules(text: string): string[] {
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!)
}

// docs/architecture.md, "The plugin contract": adding a plugin changes nothing in core. These
// checks fail where a change would make core know a plugin: by importing one, or by growing the
// container's shape with a plugin's service.
describe('core is a kernel that knows no plugin', () => {
  it('imports no other Shopwright package', () => {
    const found = productFiles().flatMap((file) =>
      importedModules(fs.readFileSync(path.join(src, file), 'utf8'))
        .filter((module) => module.startsWith('@shopwright/'))
        .map((module) => `${file}: ${module}`),
    )
    expect(found).toEqual([])
  })

  it("declares only its own services and the contracts it reads in the container's shape", () => {
    const text = fs.readFileSync(path.join(src, 'kernel/services.ts'), 'utf8')
    const body = /export interface Services \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? ''
    const keys = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1])
    expect(keys.sort()).toEqual([...CORE_SERVICES, ...CORE_CONTRACTS].sort())
  })
})
