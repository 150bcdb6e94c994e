import { defineConfig, type Options } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

/** Two entries: the node side (layer folder, encoder, converter) and the browser-safe decoder. */
export const buildOptions = {
  entry: ['src/index.ts', 'src/decode.ts'],
  format: ['esm'],
  dts: declarations(),
  clean: cleanOutput,
  target: 'node20',
  sourcemap: true,
} satisfies Options

export default defineConfig(buildOptions)
