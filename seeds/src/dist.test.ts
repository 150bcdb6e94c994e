import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'tsup'
import { afterAll, describe, expect, it } from 'vitest'
import { buildOptions } from '../tsup.config.js'
import { allSeeds, sampleFiles } from './index.js'

const seedsDir = dirname(dirname(fileURLToPath(import.meta.url)))
const { dependencies } = JSON.parse(readFileSync(join(seedsDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}
// Inside the package so the bundle's bare imports resolve through the workspace's node_modules.
const scratch = mkdtempSync(join(seedsDir, '.tmp-dist-'))

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/**
 * The seeds a built bundle gives when plain Node loads it. A child process, not an import here:
 * vitest's loader forgives things Node refuses (a JSON import without its attribute did pass here).
 */
function seedsFromBundle(file: string): unknown {
  return fromBundle(file, 'm.allSeeds()')
}

/** The value of a JavaScript expression on the bundle's module `m`, through JSON. */
function fromBundle(file: string, expression: string): unknown {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)});
process.stdout.write(JSON.stringify(${expression}))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: scratch,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(output)
}

describe('the built package', () => {
  it('carries the data files inside the bundle and gives the same seeds as the source', async () => {
    await build({
      ...buildOptions,
      entry: buildOptions.entry.map((entry) => join(seedsDir, entry)),
      outDir: scratch,
      dts: false, // declarations need core's build; the JavaScript is what runs
      sourcemap: false,
      config: false,
      silent: true,
      // tsup takes the externals from the package.json of the working folder, the root here.
      external: Object.keys(dependencies),
    })
    const bundle = join(scratch, 'index.js')
    // The JSON files are inside; only the catalogue's pictures are read from ../data/catalogue/.
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/\.\.\/data\/[\w-]+\.json/)
    expect(seedsFromBundle(bundle)).toEqual(allSeeds())
    // The bundle sits one folder below the package, as dist/ does: the same picture files.
    expect(fromBundle(bundle, '[...m.sampleFiles()]')).toEqual([...sampleFiles()])
  }, 60_000)

  const dist = join(seedsDir, 'dist', 'index.js')
  it.skipIf(!existsSync(dist))('loads from seeds/dist when the package has been built', () => {
    expect(seedsFromBundle(dist)).toEqual(allSeeds())
    expect(fromBundle(dist, '[...m.sampleFiles()]')).toEqual([...sampleFiles()])
  })
})
