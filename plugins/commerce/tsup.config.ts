import { defineConfig } from 'tsup'
import { cleanOutput, declarations } from '../../scripts/tsup-pass.js'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // The fault tests' gateway, audit and fault plugin; fault-node is a process of its own.
    'testing/index': 'src/testing/index.ts',
    'testing/fault-node': 'src/testing/fault-node.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: declarations({ entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' } }),
  clean: cleanOutput,
  sourcemap: true,
  splitting: true,
})
