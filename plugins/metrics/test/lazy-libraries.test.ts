import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { packagesLoadedBy } from '../../records/test/loaded-packages.js'

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url))

describe('the built plugin', () => {
  // The built package, as a site starts it (npm test builds first).
  it.skipIf(!existsSync(dist))('loads prom-client only with METRICS_TOKEN, not at start', () => {
    const loaded = packagesLoadedBy(dist)
    // The hook does see packages: core's schema library comes in at start.
    expect(loaded).toContain('zod')
    expect(loaded).not.toContain('prom-client')
  })
})
