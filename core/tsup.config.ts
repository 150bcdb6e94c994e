import type { Plugin as EsbuildPlugin } from 'esbuild'
import { defineConfig, type Plugin } from 'tsup'
import { cleanOutput, declarations } from '../scripts/tsup-pass.js'

/** The drivers of the knex dialects a site may use (docs/operations.md): SQLite and MySQL/MariaDB. */
const OUR_DRIVERS = ['better-sqlite3', 'mysql2']
/** The drivers other knex code names (the mysql dialect that mysql2's extends asks for `mysql`). */
const OTHER_DRIVERS =
  /^(mysql|mariadb(\/.*)?|pg|pg-native|pg-query-stream|sqlite3|tedious|oracledb)$/

/**
 * The bundled CommonJS code (knex) requires Node's own modules through esbuild's `__require`,
 * which needs a `require` in scope, and an ES module has none: the chunk that defines it gets one.
 * Made on its first call: every entry imports that chunk, the browser-safe `shared` one too, and
 * in a browser bundle `node:module` is an empty stand-in that must never be called.
 */
const requireForCommonJs: Plugin = {
  name: 'require-for-commonjs',
  renderChunk(code) {
    if (!code.includes('Dynamic require of')) return undefined
    return {
      code: `import * as __swNodeModule from 'node:module';\nlet __swRequire;\nfunction require(id) {\n  __swRequire ??= __swNodeModule.createRequire(import.meta.url);\n  return __swRequire(id);\n}\n${code}`,
    }
  },
}

const OUR_DIALECTS = new Set(OUR_DRIVERS)

/**
 * knex's table of dialects requires each one by name when it is asked for: in the bundle, every
 * other dialect (Postgres, MSSQL, Oracle...) and every other driver becomes a module that says it
 * is not part of this build, instead of code parsed at every start and packages core would have to
 * declare.
 */
const onlyOurDialects: EsbuildPlugin = {
  name: 'only-our-dialects',
  setup(build) {
    build.onResolve({ filter: /^\.\/[a-z0-9-]+$/ }, (args) => {
      if (!/[\\/]knex[\\/]lib[\\/]dialects[\\/]index\.js$/.test(args.importer)) return undefined
      const name = args.path.slice(2)
      return OUR_DIALECTS.has(name) ? undefined : { path: name, namespace: 'unbundled-dialect' }
    })
    build.onResolve({ filter: OTHER_DRIVERS }, (args) =>
      /[\\/]knex[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'unbundled-dialect' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'unbundled-dialect' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`knex's ${args.path} is not part of Shopwright's build: use SQLite or MySQL/MariaDB`)})`,
      loader: 'js',
    }))
  },
}

/**
 * zod's `z` (and `z.core`) carries its 64 translations of its messages as `z.locales`, and through `z` the bundle
 * would hold them all (300 KB parsed at each start). Ours are in English and no code of ours reads
 * `z.locales`; a plugin that wants another language imports it from `zod/locales` itself.
 */
const englishZod: EsbuildPlugin = {
  name: 'english-zod',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer)
        ? { path: 'zod-english', namespace: 'english-zod', pluginData: args.resolveDir }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'english-zod' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(`${String(args.pluginData)}/../locales/en.js`)}`,
      loader: 'js',
      resolveDir: String(args.pluginData),
    }))
  },
}

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'shared/index': 'src/shared/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: declarations(),
  clean: cleanOutput,
  sourcemap: true,
  splitting: true,
  // knex (with the lodash functions it requires one by one), zod, Koa and the small libraries of
  // the request path go in the bundle: a start then reads a few chunks instead of resolving and
  // reading some 600 modules one by one, which cost a restart more than anything else
  // (docs/benchmarks.md, issue 34). Only core loads them at run time (plugins get `z`, the knex
  // instance and the app from here), so there is one copy of each. pino stays a package: its
  // transports start workers from its own files.
  noExternal: [
    'knex',
    'zod',
    'koa',
    'koa-compose',
    'find-my-way',
    'raw-body',
    'inflation',
    'compressible',
  ],
  // Our database drivers stay packages of their own (better-sqlite3 is native code).
  external: OUR_DRIVERS,
  plugins: [requireForCommonJs],
  esbuildPlugins: [onlyOurDialects, englishZod],
})
