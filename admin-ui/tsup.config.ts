import { defineConfig } from 'tsup'
import { declarations } from '../scripts/tsup-pass.js'

// The Node entries: the server middleware, and the build a project's `shopwright build` runs. The
// browser app itself is built by Vite into dist/client.
export default defineConfig({
  entry: { 'server/index': 'src/server/index.ts', 'build/index': 'build/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: declarations({ compilerOptions: { composite: false } }),
  sourcemap: true,
  clean: false,
})
