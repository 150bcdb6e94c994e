import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, type QueryRouter, z } from '@shopwright/core'

/**
 * The files the page loads, by the name in their address: the page's own script and frame (this
 * package's assets/ folder) and Swagger UI's bundle and styles (swagger-ui-dist, a dependency of
 * this package, served from here: the page asks nothing of other sites).
 */
const requireHere = createRequire(import.meta.url)
const rendererDir = path.dirname(requireHere.resolve('swagger-ui-dist/package.json'))
const RENDERER_VERSION = (requireHere('swagger-ui-dist/package.json') as { version: string })
  .version
// dist/index.js and src/reference-page.ts both sit one folder below the package's root.
const ownDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets')

const ASSETS = {
  'reference.js': { file: path.join(ownDir, 'reference.js'), type: 'text/javascript' },
  'reference.css': { file: path.join(ownDir, 'reference.css'), type: 'text/css' },
  'swagger-ui-bundle.js': {
    file: path.join(rendererDir, 'swagger-ui-bundle.js'),
    type: 'text/javascript',
  },
  'swagger-ui.css': { file: path.join(rendererDir, 'swagger-ui.css'), type: 'text/css' },
} as const
type AssetName = keyof typeof ASSETS
const ASSET_NAMES = Object.keys(ASSETS) as [AssetName, ...AssetName[]]

/**
 * The page itself: a frame and the script that reads the document. No data of the site is in it:
 * the script reads `/query/openapi.json` with the visitor's session, which answers staff only, and
 * says what to do otherwise (plugins/openapi/README.md).
 */
function pageHtml(): string {
  // The files' addresses change with their contents, so they may be kept for a year.
  const hash = createHash('sha256').update(RENDERER_VERSION)
  for (const name of ['reference.js', 'reference.css'] as const)
    hash.update(fs.readFileSync(ASSETS[name].file))
  const stamp = `?v=${hash.digest('hex').slice(0, 12)}`
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
 * of the site, and the document it reads keeps its own access (staff).
 */
export function referencePageRoutes(router: QueryRouter): void {
  const page = pageHtml()
  router.get(
    '/openapi',
    describe({
      summary: 'The API reference: the OpenAPI document as a readable page',
      description:
        'A page that reads `/query/openapi.json` with the caller’s session and shows it with Swagger UI; for anyone else it says to sign in as staff.',
      access: 'anyone',
      answer: { file: ['text/html'] },
    }),
    (ctx) => {
      ctx.type = 'text/html; charset=utf-8'
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = page
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
    (ctx) => {
      const asset = ASSETS[ctx.input.params.name]
      ctx.type = `${asset.type}; charset=utf-8`
      // The page names them with a stamp of their contents (?v=): new contents, a new address.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      ctx.body = fs.createReadStream(asset.file)
    },
  )
}
