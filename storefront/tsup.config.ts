import { defineConfig } from 'tsup'

// The server entry only (Node). The shared, react and client parts are source, compiled by the
// theme's own build together with the theme.
export default defineConfig({
  entry: { 'server/index': 'src/server/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
})
