import { defineConfig } from 'vitest/config'

// Browser suites: real Chromium (Debian's package) driven by playwright-core against `shopwright start`.
export default defineConfig({
  test: {
    include: ['e2e/src/**/*.e2e.test.ts'],
    pool: 'forks',
    // Two files at once, each with its own server, database and Chromium: one file mostly waits
    // on its page (a file alone used about one of the two cores), two fill both. Measured in
    // docs/contributing.md, "How long the tests take".
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A page waited for by polling (a list that loads after a navigation) gets 15 s, not vitest's
    // 1 s: the registry suite runs beside this one (scripts/test.mjs), and in a CI run a product's
    // child items took longer than 1 s to show after going back to its editor. A poll that never
    // succeeds still fails.
    expect: { poll: { timeout: 15_000 } },
  },
})
