import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../../scripts/tsup-pass.js'

export default defineConfig({
  // The resize process's script (plain JavaScript) beside index.js, where the bundle looks for it.
  entry: { index: 'src/index.ts', 'resize-child': 'src/server/images/resize-child.js' },
  format: ['esm'],
  target: 'node20',
  dts: declarations({ entry: { index: 'src/index.ts' } }),
  clean: cleanOutput,
  sourcemap: true,
})
