import { defineConfig, type Options } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

/** The build options, exported so the dist test can build the same bundle into a scratch folder. */
export const buildOptions = {
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: declarations(),
  clean: cleanOutput,
  target: 'node20',
  sourcemap: true,
} satisfies Options

export default defineConfig(buildOptions)
