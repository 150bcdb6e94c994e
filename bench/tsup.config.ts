import { defineConfig } from 'tsup'

export default defineConfig({
  // run.ts is the runner; bare-koa-server.ts runs in its own child process as the throughput ceiling.
  entry: ['src/run.ts', 'src/bare-koa-server.ts'],
  format: ['esm'],
  target: 'node20',
  dts: false,
  clean: true,
  sourcemap: true,
})
