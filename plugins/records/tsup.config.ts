import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../../scripts/tsup-pass.js'

export default defineConfig({
  // The HTML worker is its own file beside index.js (html-cleaner.ts starts it as ./html-worker.js).
  entry: { index: 'src/index.ts', 'html-worker': 'src/server/html-worker.ts' },
  format: ['esm'],
  target: 'node20',
  dts: declarations(),
  clean: cleanOutput,
  sourcemap: true,
})
