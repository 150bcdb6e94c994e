import os from 'node:os'
import { defineConfig } from 'vitest/config'

// One run covers every package: unit tests beside the code, black-box tests under each plugin's
// test/. The registry test has a suite of its own (create-shopwright/vitest.config.ts).
export default defineConfig({
  test: {
    include: [
      '{core,client,cli,seeds,bench,earth}/src/**/*.test.ts',
      '{core,client,cli}/test/**/*.test.ts',
      'deploy/*.test.ts',
      'scripts/*.test.mjs',
      'plugins/*/{src,test}/**/*.test.ts',
      'admin-ui/{src,build}/**/*.test.{ts,tsx}',
      'storefront/{src,test}/**/*.test.{ts,tsx}',
      'storefront-theme/src/**/*.test.{ts,tsx}',
      'plugins/*/src/admin/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    setupFiles: ['scripts/vitest/dom-setup.ts'],
    pool: 'forks',
    // More files at once than cores: most of these tests wait on databases, child processes and
    // timers rather than compute. Three on two cores took the suite from 33 to 15 minutes
    // (docs/contributing.md, "Tests"); vitest's default is one fewer than the cores.
    maxWorkers: Math.max(3, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
