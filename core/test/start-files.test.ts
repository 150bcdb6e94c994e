import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url))
const testing = fileURLToPath(new URL('../dist/testing/index.js', import.meta.url))

/**
 * The CommonJS files a fresh process holds once a kernel on SQLite has started and stopped: a
 * child process, as vitest's own loader has loaded much already (issue 34: what a start does not
 * need is not loaded).
 */
function filesOfASqliteStart(): string[] {
  const script = `import { createRequire } from 'node:module'
const { createKernel } = await import(${JSON.stringify(pathToFileURL(dist).href)})
const { testConfig } = await import(${JSON.stringify(pathToFileURL(testing).href)})
const kernel = await createKernel({ config: testConfig(), plugins: [] })
await kernel.close()
process.stdout.write(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  })
  return JSON.parse(output) as string[]
}

it.skipIf(!existsSync(dist) || !existsSync(testing))(
  "a SQLite start reads knex from core's bundle and loads not every rate-limiter store",
  () => {
    const files = filesOfASqliteStart()
    // The check sees files: the memory limiter is loaded from its own file.
    expect(
      files.some((file) => file.endsWith('/rate-limiter-flexible/lib/RateLimiterMemory.js')),
    ).toBe(true)
    // knex and the lodash functions it requires one by one are in core's bundle (core/tsup.config.ts),
    // not some 340 files resolved and read at each start.
    expect(files.filter((file) => /\/node_modules\/(knex|lodash)\//.test(file))).toEqual([])
    // The package's index loads every store it supports: Mongo, DynamoDB, Prisma...
    expect(
      files.filter((file) =>
        /\/rate-limiter-flexible\/(index|lib\/RateLimiter(Redis|Mongo))/.test(file),
      ),
    ).toEqual([])
  },
)
