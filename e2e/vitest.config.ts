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
    // A page waited for by polling (a list that loads after a navigation) gets 15 s, not vitest's
    // 1 s: the registry suite runs beside this one (scripts/test.mjs), and in a CI run a product's
    // child items took longer than 1 s to show after going back to its editor. A poll that never
    // succeeds still fails.
    expect: { poll: { timeout: 15_000 } },
  },
})
