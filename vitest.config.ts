import { defineConfig } from 'vitest/config'

// One run covers every package: unit tests beside the code, black-box tests under each plugin's test/.
export default defineConfig({
  test: {
    include: [
      '{core,cli,seeds,bench}/src/**/*.test.ts',
      '{core,cli}/test/**/*.test.ts',
      'plugins/*/{src,test}/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
