import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

// The plugin (the package's main entry, light: the page code loads when pages are mounted) and the
// server entry (Node). The shared, react and client parts are source, compiled by the theme's own
// build together with the theme.
export default defineConfig({
  entry: { 'plugin/index': 'src/plugin/index.ts', 'server/index': 'src/server/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: declarations({ compilerOptions: { composite: false } }),
  sourcemap: true,
  clean: cleanOutput,
})
