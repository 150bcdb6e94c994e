import os from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * The component tests (React screens in jsdom): the admin's, the plugins' panels and the default
 * theme's. They share one module graph per worker (`isolate: false`): each file otherwise paid
 * about a second to load jsdom, React and the kit again, which was most of their time (83 files:
 * 115 s alone, 20 s shared; docs/contributing.md, "How long the tests take"). They clean up after
 * each test (Testing Library's cleanup) and put back any window property they change.
 */
const COMPONENT_TESTS = [
  'admin-ui/src/**/*.test.tsx',
  'admin-ui/src/kit/fields/rich-text/fidelity.test.ts',
  'plugins/*/src/admin/**/*.test.tsx',
  'storefront-theme/src/**/*.test.tsx',
  'storefront-theme/src/lib/route-prefetch.test.ts',
]
/** The default theme's own check of its build runs in Node, with the server tests. */
const NODE_AMONG_COMPONENTS = ['storefront-theme/src/theme.test.tsx']

// One run covers every package: unit tests beside the code, black-box tests under each plugin's
// test/. The registry test has a suite of its own (create-shopwright/vitest.config.ts).
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    setupFiles: ['scripts/vitest/dom-setup.ts'],
    pool: 'forks',
    // More files at once than cores: most of these tests wait on databases, child processes and
    // timers rather than compute. Three on two cores took the suite from 33 to 15 minutes
    // (docs/contributing.md, "Tests"); vitest's default is one fewer than the cores.
    maxWorkers: Math.max(3, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          include: COMPONENT_TESTS,
          exclude: ['**/node_modules/**', '**/dist/**', ...NODE_AMONG_COMPONENTS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Servers, databases, child processes: each file in a fresh process, as they set
          // environment variables, ports and process-wide state.
          name: 'node',
          include: [
            '{core,client,cli,seeds,bench,earth}/src/**/*.test.ts',
            '{core,client,cli}/test/**/*.test.ts',
            'deploy/*.test.ts',
            'scripts/*.test.mjs',
            'plugins/*/{src,test}/**/*.test.ts',
            'admin-ui/{src,build}/**/*.test.ts',
            'storefront/{src,test}/**/*.test.{ts,tsx}',
            'storefront-theme/src/**/*.test.ts',
            ...NODE_AMONG_COMPONENTS,
          ],
          // The theme's component glob is left out: of its .tsx files only the one above is here.
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            ...COMPONENT_TESTS.filter((glob) => !glob.startsWith('storefront-theme/src/**')),
          ],
        },
      },
    ],
  },
})
