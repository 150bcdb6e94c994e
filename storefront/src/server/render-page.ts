import { PassThrough, pipeline } from 'node:stream'
import type { Context, Middleware } from 'koa'
import { createElement, type ComponentType } from 'react'
// React's web-streams renderer for edge runtimes, not its Node build (`react-dom/server`): the Node
// build makes an AsyncLocalStorage when it loads and turns it on at its first render, and from then
// on Node 20 tracks every promise of the process for it (a record get took a sixth more CPU). This
// build uses an AsyncLocalStorage only where the runtime has one as a global, which Node does not.
// Its price: it encodes each piece of HTML on its own (TextEncoder), so a page rendered anew costs
// about a third more CPU. (The browser build would keep the process alive: it opens a
// MessageChannel as it loads.)
import { renderToReadableStream } from 'react-dom/server.edge'
import { createQueryClient, createTranslate } from '@shopwright/client'
import type { Theme } from '../shared/contract.js'
import { pageDescription, pageTitle } from '../shared/page.js'
import type { StorefrontAppProps } from '../react/StorefrontApp.js'
import { pageCompressor, type Encoding } from './compressed-files.js'
import { documentHead, documentTail, type PageAssets } from './document.js'
import { required, type StorefrontState } from './page-state.js'

/**
 * The page, streamed from React's server renderer: the head with the title and description goes
 * out first (search engines read them in the first bytes), then the theme's shell with the route's
 * component, then the page data the browser hydrates with. 200, or 404 with the theme's 'Page not
 * Found' when no route matched. Whoever set `keep` gets the whole page once it has streamed.
 *
 * An anonymous visitor's page streams compressed (Brotli, or gzip for a client without it): the
 * head is flushed on its own so the browser fetches the theme's files while the body renders. A
 * signed-in visitor's page streams as it is: it can hold what is theirs (name, e-mail, addresses)
 * beside what the address reflects (a search's words), which is what a length-watching attack on
 * compression (BREACH) needs; an anonymous page holds nothing of the visitor's.
 */
export function renderPage(
  module: { theme: Theme; App: ComponentType<StorefrontAppProps> },
  assets: () => PageAssets,
): Middleware<StorefrontState> {
  // The page data is read before rendering; a component asking the API on the server is a bug.
  const client = createQueryClient({
    device: 'server',
    fetch: () => Promise.reject(new Error('no fetch on the server')),
  })
  return async (ctx) => {
    const page = ctx.state.storefront
    const data = required(page.data, 'the page data')
    const matched = required(page.matched, 'the route')
    const t = createTranslate(data.texts, data.language)
    const head = documentHead({
      lang: data.language,
      title: pageTitle(matched, data.record, data.site, t, data.language),
      description: pageDescription(matched, t),
      assets: assets(),
    })
    ctx.status = matched ? 200 : 404
    ctx.type = 'html'
    ctx.set('Cache-Control', 'no-cache')
    ctx.vary('Accept-Encoding')
    const body = new PassThrough()
    const encoding = page.anonymous ? encodingFor(ctx) : undefined
    let flushHead = (): void => undefined
    if (encoding) {
      const compressor = pageCompressor(encoding)
      // A client gone destroys the compressor, and pipeline the page's stream with it; React's
      // writes after that are dropped (a destroyed stream ignores them).
      pipeline(body, compressor, () => undefined)
      ctx.set('Content-Encoding', encoding)
      ctx.body = compressor
      flushHead = () => compressor.flush()
    } else {
      ctx.body = body
    }
    let stream: ReadableStream<Uint8Array>
    try {
      // Resolves once the shell has rendered; rejects when the shell fails (React has called
      // onError with the same error by then).
      stream = await renderToReadableStream(
        createElement(module.App, { theme: module.theme, data, client }),
        {
          onError(error) {
            ctx.app.emit('error', error, ctx)
          },
        },
      )
    } catch (error) {
      ctx.status = 500
      body.end(`${head}<h1>Unable to render.</h1></div></body></html>`)
      ctx.app.emit('error', error, ctx)
      return
    }
    body.write(head)
    flushHead()
    // Not awaited: Koa sends the status and headers once this middleware returns, and the rest of
    // the page streams after them. A render that fails after its shell (React has told onError)
    // leaves the page cut short: the response is destroyed rather than ended, so neither the
    // visitor nor the page cache takes it for whole.
    const status = ctx.status
    const keep = page.keep
    forward(
      stream,
      body,
      documentTail(data),
      keep && ((html) => keep({ status, html: head + html })),
    ).catch((error: unknown) => body.destroy(error as Error))
  }
}

/**
 * React's page into the response, then the tail, and the page without its head to `keep` when
 * someone keeps it. Read straight from React's stream: `Readable.fromWeb` and a pipe cost about a
 * tenth of the render more. A client gone has destroyed `body`, which drops what is written to it;
 * the render still runs to its end, as it did with React's Node build.
 */
async function forward(
  stream: ReadableStream<Uint8Array>,
  body: PassThrough,
  tail: string,
  keep: ((html: string) => void) | undefined,
): Promise<void> {
  const reader = stream.getReader()
  // Each chunk is the reader's alone (a byte stream takes its memory from React): kept uncopied.
  const copy: Uint8Array[] = []
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    body.write(read.value)
    if (keep) copy.push(read.value)
  }
  body.end(tail)
  keep?.(Buffer.concat(copy).toString('utf8') + tail)
}

/**
 * The encoding a page streams in: Brotli whenever the client takes it (browsers list it after
 * gzip, and it sends fewer bytes for the same cost), gzip otherwise, as Koa negotiates each.
 */
function encodingFor(ctx: Context): Encoding | undefined {
  if (!ctx.req.headers['accept-encoding']) return undefined
  if (ctx.acceptsEncodings('br') === 'br') return 'br'
  return ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined
}
