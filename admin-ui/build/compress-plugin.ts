import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing; images (WebP, PNG) are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/

/**
 * Writes `.br` and `.gz` beside every built text file, so the server sends the smallest one the
 * browser accepts without compressing on each request (`@koa/send` picks them by Accept-Encoding).
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'shopwright-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name) && !name.endsWith('.map'))
          .map(async (name) => {
            const file = path.join(outDir, name)
            const data = await fs.promises.readFile(file)
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipAsync(data, { level: 9 }),
            ])
            await Promise.all([
              fs.promises.writeFile(`${file}.br`, br),
              fs.promises.writeFile(`${file}.gz`, gz),
            ])
          }),
      )
    },
  }
}
