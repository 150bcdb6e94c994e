// Regenerates data/earth_{layer}.json from Natural Earth in ../shared/data/naturalearth (or the
// folder given as the first argument or EARTH_SOURCE_DIR). Run: npm run layers -w @shopwright/earth
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { convertAll } from '../src/convert.js'

/** The package folder: the nearest folder above this file (or its bundle) with the package's package.json. */
function findPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (
      fs.existsSync(manifest) &&
      fs.readFileSync(manifest, 'utf8').includes('"@shopwright/earth"')
    )
      return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('earth: cannot find the @shopwright/earth package folder')
    dir = parent
  }
}

const packageDir = findPackageDir()
const sourceDir = path.resolve(
  process.argv[2] ??
    process.env.EARTH_SOURCE_DIR ??
    path.join(packageDir, '../../shared/data/naturalearth'),
)
const outDir = path.join(packageDir, 'data')

if (!fs.existsSync(path.join(sourceDir, 'ne_50m_admin_0_countries.json.gz'))) {
  console.error(
    `earth: no Natural Earth source at ${sourceDir}.\n` +
      'The converter needs the shared data folder (../shared/data/naturalearth next to the repository),\n' +
      'or pass its path as the first argument or in EARTH_SOURCE_DIR. The committed layer files in\n' +
      'earth/data/ are unchanged.',
  )
  process.exit(1)
}

const started = Date.now()
const results = convertAll(sourceDir, outDir)
let bytes = 0
let gzipBytes = 0
for (const r of results) {
  bytes += r.bytes
  gzipBytes += r.gzipBytes
  console.log(
    `${path.basename(r.file).padEnd(26)} ${String(r.entries).padStart(3)} cells ${(r.bytes / 1024).toFixed(1).padStart(8)} KB  gzip ${(r.gzipBytes / 1024).toFixed(1).padStart(7)} KB`,
  )
}
console.log(
  `${results.length} layers, ${(bytes / 1024).toFixed(1)} KB raw, ${(gzipBytes / 1024).toFixed(1)} KB gzip, ${Date.now() - started} ms`,
)
