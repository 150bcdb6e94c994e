import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

export default defineConfig({
  // The blob copy worker is its own file beside the chunks (backup/tar.ts starts it as
  // ./blob-copy-worker.js).
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'blob-copy-worker': 'src/backup/blob-copy-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: declarations(),
  clean: cleanOutput,
  sourcemap: true,
})
