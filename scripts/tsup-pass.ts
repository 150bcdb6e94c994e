// The two passes of a package's tsup build (docs/contributing.md, "Builds"): `npm run build` bundles
// the code, all that `npm start` and the tests run; `npm run build:types` writes only the type
// declarations, which a dependent package's type check, an editor and `npm pack` need. The
// declarations cost several times the bundling (docs/benchmarks.md, "First start"), so a first
// start no longer waits for them.
import fs from 'node:fs'
import path from 'node:path'
import type { Options } from 'tsup'

/** True in `npm run build:types` (npm names the running script; turbo runs scripts through npm). */
export const typesPass = process.env.npm_lifecycle_event === 'build:types'

/** tsup's output folder, which every package keeps at its default. */
const OUT_DIR = 'dist'

/**
 * The `dts` option of a pass: in the types pass the declarations alone (with the package's own
 * options, such as its entries), in the code pass none. The types pass first removes the
 * declarations of the last one, whose chunk names change with their content: a packed package
 * carries only the current ones.
 */
export function declarations(
  options: Exclude<Options['dts'], boolean | string | undefined> = {},
): Options['dts'] {
  if (!typesPass) return false
  removeDeclarations(path.resolve(OUT_DIR))
  return { ...options, only: true }
}

/**
 * The `clean` option: the code pass empties the output folder but for the declarations, so an
 * editor and the type checks of the other packages keep them while the code is rebuilt; the
 * types pass leaves the code alone.
 */
export const cleanOutput: Options['clean'] = typesPass ? false : ['!**/*.d.ts']

function removeDeclarations(folder: string): void {
  if (!fs.existsSync(folder)) return
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) removeDeclarations(file)
    else if (entry.name.endsWith('.d.ts')) fs.rmSync(file)
  }
}
