import { defineConfig } from 'vitest/config'

// One run covers every package: unit tests beside the code, black-box tests under each plugin's test/.
export default defineConfig({
  test: {
    include: [
      '{core,client,cli,seeds,bench,earth}/src/**/*.test.ts',
      '{core,client,cli,create-shopwright}/test/**/*.test.ts',
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
