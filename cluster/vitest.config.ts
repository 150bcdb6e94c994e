import { defineConfig } from 'vitest/config'

// The cluster suite: one real multi-node site per file (Galera, Redis, S3, two app nodes, a proxy).
export default defineConfig({
  test: {
    include: ['cluster/src/**/*.cluster.test.ts'],
    pool: 'forks',
    // One cluster at a time: the machine has two cores and each file starts its own.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
