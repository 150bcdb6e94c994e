import { PassThrough, pipeline, Writable } from 'node:stream'
import type { Context, Middleware } from 'koa'
import { createElement, type ComponentType } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createQueryClient, createTranslate } from '@shopwright/core/shared'
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
    // React ends what it pipes into: this sink forwards the page and adds the tail at the end,
    // keeping a copy when someone wants the whole page.
    const keep = page.keep
    const copy: Buffer[] = []
    const status = ctx.status
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        body.write(chunk)
        if (keep) copy.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        const tail = documentTail(data)
        body.end(tail)
        keep?.({ status, html: head + Buffer.concat(copy).toString('utf8') + tail })
        done()
      },
    })
    await new Promise<void>((resolve) => {
      const stream = renderToPipeableStream(
        createElement(module.App, { theme: module.theme, data, client }),
        {
          onShellReady() {
            body.write(head)
            flushHead()
            stream.pipe(sink)
            resolve()
          },
          onShellError(error) {
            ctx.status = 500
            body.end(`${head}<h1>Unable to render.</h1></div></body></html>`)
            ctx.app.emit('error', error, ctx)
            resolve()
          },
          onError(error) {
            ctx.app.emit('error', error, ctx)
          },
        },
      )
    })
  }
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
