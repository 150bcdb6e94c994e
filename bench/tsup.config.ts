import { defineConfig } from 'tsup'

export default defineConfig({
  // run.ts is the runner; the servers run in their own child processes as baselines;
  // profile-top.ts summarises a .cpuprofile.
  entry: [
    'src/run.ts',
    'src/bare-koa-server.ts',
    'src/naive-list-server.ts',
    'src/bare-search-server.ts',
    'src/plain-write-server.ts',
    'src/profile-top.ts',
  ],
  format: ['esm'],
  target: 'node20',
  dts: false,
  clean: true,
  sourcemap: true,
})
