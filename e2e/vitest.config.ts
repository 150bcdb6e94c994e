import { defineConfig } from 'vitest/config'

// Browser suites: real Chromium (Debian's package) driven by playwright-core against `shopwright start`.
export default defineConfig({
  test: {
    include: ['e2e/src/**/*.e2e.test.ts'],
    pool: 'forks',
    // One browser at a time: the machine has two cores and each suite runs its own server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
