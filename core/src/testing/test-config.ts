import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defaults, type ShopwrightConfig } from '../config/schema.js'

/** A fresh temporary data folder. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'shopwright-test-'))
}

/** A valid configuration for tests: silent logs, a temporary data folder, the given overrides. */
export function testConfig(overrides: Partial<ShopwrightConfig> = {}): ShopwrightConfig {
  const dataDir = overrides.dataDir ?? tempDataDir()
  return {
    ...defaults(dataDir),
    dataDir,
    databaseUrl: `sqlite:${path.join(dataDir, 'test.sqlite')}`,
    redisUrl: undefined,
    siteUrl: undefined,
    nodeEnv: 'test',
    logLevel: 'silent',
    port: 0,
    host: '127.0.0.1',
    shutdownTimeout: 2_000,
    // The product's limits (5 s a query, 1 s a Redis command) would be wall-clock limits in tests,
    // which run side by side on a loaded machine (docs/contributing.md, "Tests"): a suite about
    // something else gets room, and the outage suites set their own small limits.
    databaseTimeout: 20_000,
    redisTimeout: 5_000,
    ...overrides,
  }
}
