import { defineConfig } from 'tsup'

// The server entry only (Node): the browser app is built by Vite into dist/client.
export default defineConfig({
  entry: { 'server/index': 'src/server/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: false,
})
