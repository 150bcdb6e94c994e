import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { describe, type QueryRouter, z } from '@shopwright/core'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** A file the page loads, by the name in its address, and its media type. */
interface Asset {
  /** Where it is: this package's assets/ folder, or swagger-ui-dist (resolved when first asked). */
  file: () => string
  type: string
}

const requireHere = createRequire(import.meta.url)
const rendererFile = (name: string) =>
  path.join(path.dirname(requireHere.resolve('swagger-ui-dist/package.json')), name)
// dist/index.js and src/reference-page.ts both sit one folder below the package's root.
const ownFile = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets', name)

/**
 * The page's own script and frame, and Swagger UI's bundle and styles (swagger-ui-dist, a
 * dependency of this package, served from here: the page asks nothing of other sites).
 */
const ASSETS = {
  'reference.js': { file: () => ownFile('reference.js'), type: 'text/javascript' },
  'reference.css': { file: () => ownFile('reference.css'), type: 'text/css' },
  'swagger-ui-bundle.js': {
    file: () => rendererFile('swagger-ui-bundle.js'),
    type: 'text/javascript',
  },
  'swagger-ui.css': { file: () => rendererFile('swagger-ui.css'), type: 'text/css' },
} satisfies Record<string, Asset>
type AssetName = keyof typeof ASSETS
const ASSET_NAMES = Object.keys(ASSETS) as [AssetName, ...AssetName[]]

/** A file as it is sent: its bytes, and their Brotli and gzip forms. */
interface Prepared {
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

/**
 * Each file read and compressed once, on its first request, at the strongest settings that stay
 * quick for a one-off (Swagger UI's 1.7 MB bundle: 392 KB in Brotli in about 0.25 s), and kept: the
 * site's compression leaves streams alone and compresses larger answers afresh every time at its
 * fastest level. A node that never shows the page reads none of them.
 */
function preparer(): (name: AssetName) => Promise<Prepared> {
  const prepared = new Map<AssetName, Promise<Prepared>>()
  const prepare = async (name: AssetName): Promise<Prepared> => {
    const identity = await fs.readFile(ASSETS[name].file())
    const [br, zipped] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip(identity, { level: 9 }),
    ])
    return { identity, br, gzip: zipped }
  }
  return (name) => {
    let entry = prepared.get(name)
    if (!entry) {
      entry = prepare(name)
      // A failed read is tried again by the next request, not kept.
      entry.catch(() => prepared.delete(name))
      prepared.set(name, entry)
    }
    return entry
  }
}

/**
 * The page itself: a frame and the script that reads the document. No data of the site is in it:
 * the script reads `/query/openapi.json` with the visitor's session, which answers staff only, and
 * says what to do otherwise (plugins/openapi/README.md). `stamp` names the files' contents.
 */
function pageHtml(stamp: string): string {
  return `<!doctype html>
<html lang="en" data-stamp="${stamp}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference · Shopwright</title>
<link rel="stylesheet" href="openapi/assets/reference.css${stamp}">
<script type="module" src="openapi/assets/reference.js${stamp}"></script>
</head>
<body>
<header class="api-header"><h1>API reference</h1><a href="openapi.json">OpenAPI document (JSON)</a><a href="/admin">Admin</a></header>
<main id="api"><p class="api-message">Loading the API reference…</p></main>
<noscript><p class="api-message">The API reference needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</p></noscript>
</body>
</html>
`
}

/**
 * `GET /query/openapi`, the API reference: the OpenAPI document as a readable page, and
 * `GET /query/openapi/assets/{name}`, the files it loads. Both for anyone: the page holds nothing
 * of the site, and the document it reads keeps its own access (staff). Nothing is read at start:
 * the page and its files are made on their first request.
 */
export function referencePageRoutes(router: QueryRouter): void {
  const asset = preparer()
  let page: Promise<string> | undefined
  const makePage = async (): Promise<string> => {
    // The files' addresses change with their contents, so they may be kept for a year.
    const hash = createHash('sha256')
    hash.update(requireHere('swagger-ui-dist/package.json').version as string)
    for (const name of ['reference.js', 'reference.css'] as const)
      hash.update((await asset(name)).identity)
    return pageHtml(`?v=${hash.digest('hex').slice(0, 12)}`)
  }
  router.get(
    '/openapi',
    describe({
      summary: 'The API reference: the OpenAPI document as a readable page',
      description:
        'A page that reads `/query/openapi.json` with the caller’s session and shows it with Swagger UI; for anyone else it says to sign in as staff.',
      access: 'anyone',
      answer: { file: ['text/html'] },
    }),
    async (ctx) => {
      if (!page) {
        page = makePage()
        // A failed read is tried again by the next request, not kept.
        page.catch(() => (page = undefined))
      }
      ctx.type = 'text/html; charset=utf-8'
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = await page
    },
  )
  router.get(
    '/openapi/assets/:name',
    describe({
      summary: 'A file of the API reference page: its script and styles, and Swagger UI’s',
      access: 'anyone',
      params: z.object({ name: z.enum(ASSET_NAMES) }),
      answer: { file: ['text/javascript', 'text/css'] },
    }),
    async (ctx) => {
      const name = ctx.input.params.name
      const prepared = await asset(name)
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity')
      ctx.type = `${ASSETS[name].type}; charset=utf-8`
      ctx.vary('Accept-Encoding')
      // The page names them with a stamp of their contents (?v=): new contents, a new address.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      if (encoding === 'br' || encoding === 'gzip') {
        ctx.set('Content-Encoding', encoding)
        ctx.body = prepared[encoding]
      } else ctx.body = prepared.identity
    },
  )
}
