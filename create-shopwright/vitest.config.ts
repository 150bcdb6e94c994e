import { defineConfig } from 'vitest/config'

// The registry suite: packs and publishes every package to a Verdaccio of its own, then makes and
// starts a project from it. It takes minutes, mostly waiting on npm, so `npm test` runs it as a
// suite of its own beside the others rather than inside the unit suite (docs/contributing.md,
// "Tests").
export default defineConfig({
  test: {
    include: ['create-shopwright/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
