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
/**
 * Run isolated, with the server tests: the default theme's own check of its build (Node), and the
 * component files that replace a module with vi.mock, which a shared module graph may already
 * hold unmocked (a CI run saw the login screen call another file's loadPage).
 */
const NODE_AMONG_COMPONENTS = [
  'storefront-theme/src/theme.test.tsx',
  'admin-ui/src/app/LoginScreen.test.tsx',
  'admin-ui/src/app/title-suffix.test.tsx',
  'admin-ui/src/app/AdminApp.test.tsx',
  'admin-ui/src/app/AdminMenu.test.tsx',
  'admin-ui/src/app/site-settings-load.test.tsx',
  'plugins/sessions/src/admin/SessionsScreen.test.tsx',
]

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
          // The .tsx globs are left out: of those files only the ones named above are here.
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            ...COMPONENT_TESTS.filter((glob) => !glob.endsWith('*.test.tsx')),
          ],
        },
      },
    ],
  },
})
