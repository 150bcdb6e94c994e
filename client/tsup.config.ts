import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'es2022',
  dts: declarations(),
  clean: cleanOutput,
  sourcemap: true,
})
