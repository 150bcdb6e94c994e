import { defineConfig } from 'vitest/config'

// The cluster suite: one real multi-node site (Galera, Redis, S3, two app nodes, a proxy), started
// once by its one file, site.cluster.test.ts, for every suite (cluster/README.md, "One cluster").
export default defineConfig({
  test: {
    include: ['cluster/src/site.cluster.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
