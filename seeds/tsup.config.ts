import { defineConfig, type Options } from 'tsup'

/** The build options, exported so the dist test can build the same bundle into a scratch folder. */
export const buildOptions = {
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
} satisfies Options

export default defineConfig(buildOptions)
