import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { packagesLoadedBy } from '../../../plugins/records/test/loaded-packages.js'

const dist = fileURLToPath(new URL('../../dist/server/index.js', import.meta.url))

// Issue 34: a restart answers /readyz without the file sender; the first admin file loads it.
it.skipIf(!existsSync(dist))('the built server loads @koa/send on first use, not at start', () => {
  const loaded = packagesLoadedBy(dist)
  // The hook does see packages: core's logger comes in at start (koa, knex and zod are
  // inside core's bundle, no packages of their own at run time).
  expect(loaded).toContain('pino')
  expect(loaded).not.toContain('@koa/send')
})
