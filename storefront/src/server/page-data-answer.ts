import type { Middleware } from 'koa'
import { PAGE_DATA_HEADER, type PageDataAnswer } from '../shared/page.js'
import { required, type StorefrontState } from './page-state.js'

/**
 * A client navigation's data request (PAGE_DATA_HEADER) answered as JSON: the record and extras
 * of the address, as the page itself would carry them; the page's own request goes on to the
 * renderer. No route, or a provider that says the page does not exist, is a 404 the browser
 * answers with a full load, which shows the theme's 'Page not Found'. Never stored by a browser
 * or proxy: the same address is also the page.
 */
export function pageDataAnswer(): Middleware<StorefrontState> {
  return (ctx, next) => {
    const page = ctx.state.storefront
    if (!page.dataRequest) return next()
    const data = required(page.data, 'the page data')
    const matched = required(page.matched, 'the route')
    ctx.set('Cache-Control', 'no-store')
    ctx.vary(PAGE_DATA_HEADER)
    if (!matched) {
      ctx.status = 404
      ctx.body = { ok: false, message: 'ERROR_PAGE_NOT_FOUND' }
      return
    }
    const answer: PageDataAnswer = {
      href: data.href,
      record: data.record,
      ...(data.extra ? { extra: data.extra } : {}),
    }
    ctx.body = answer
  }
}
