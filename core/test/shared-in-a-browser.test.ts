import { existsSync } from 'node:fs'
import vm from 'node:vm'
import { build } from 'esbuild'
import { expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'

const shared = fileURLToPath(new URL('../dist/shared/index.js', import.meta.url))

// The `shared` entry goes into the admin's and the storefront's browser bundles. Every entry of
// core's build imports the chunk of esbuild's helpers, which core's build gives a `require` for the
// bundled CommonJS code (core/tsup.config.ts): in a browser `node:module` is an empty stand-in, so
// loading the entry must never call it.
it.skipIf(!existsSync(shared))('the built shared entry loads in a browser bundle', async () => {
  const bundle = await build({
    entryPoints: [shared],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'shared',
    platform: 'browser',
    logLevel: 'silent',
    // As Vite does: Node's modules become empty objects in a browser build.
    plugins: [
      {
        name: 'browser-external',
        setup(builder) {
          builder.onResolve({ filter: /^node:/ }, (args) => ({
            path: args.path,
            namespace: 'empty',
          }))
          builder.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({
            contents: 'module.exports = {}',
            loader: 'js',
          }))
        },
      },
    ],
  })
  const context = vm.createContext({})
  vm.runInContext(bundle.outputFiles[0]!.text, context)
  const loaded = (context as { shared?: Record<string, unknown> }).shared
  expect(typeof loaded?.toBase62).toBe('function')
})
