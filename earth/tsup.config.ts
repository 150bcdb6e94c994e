import { defineConfig, type Options } from 'tsup'

/** Two entries: the node side (layer folder, encoder, converter) and the browser-safe decoder. */
export const buildOptions = {
  entry: ['src/index.ts', 'src/decode.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
} satisfies Options

export default defineConfig(buildOptions)
