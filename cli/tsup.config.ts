import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: declarations(),
  clean: cleanOutput,
  sourcemap: true,
})
