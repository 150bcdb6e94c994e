import type { Middleware } from 'koa'
import { contentSecurityPolicy } from '@shopwright/core'
import type { DraftPreviews } from '@shopwright/plugin-records'
import { PREVIEW_PARAM } from '../shared/page.js'
import type { PagePreview, StorefrontState } from './page-state.js'

/** What previews are opened with: the records plugin's `recordPreviews` service. */
export type PreviewSource = Pick<DraftPreviews, 'open' | 'recordOf'>

/**
 * A draft's preview (docs/history.md, "Live preview"): an address with PREVIEW_PARAM shows the
 * record the token names with its draft's fields (pageData reads it so), or, for a token that is
 * malformed, unknown or expired, what is published, saying so. Whatever the token, such a page is
 * kept by nobody (never from or into the page cache, `no-store` for the browser and proxies), never
 * indexed, sends no referrer (the token is in its address), raises no page request for plugins
 * that follow visitors, and may be framed by the site's own pages: the admin shows it beside the
 * editor.
 */
export function draftPreviews(previews: PreviewSource | undefined): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const token = ctx.query[PREVIEW_PARAM]
    if (token === undefined) return next()
    ctx.set('X-Robots-Tag', 'noindex, nofollow')
    ctx.set('Referrer-Policy', 'no-referrer')
    ctx.set('Content-Security-Policy', contentSecurityPolicy("'self'"))
    ctx.set('X-Frame-Options', 'SAMEORIGIN')
    const key = typeof token === 'string' && previews ? await previews.open(token) : null
    const preview: PagePreview = {
      key,
      read: async (live) => {
        const shown = key && previews ? await previews.recordOf(key, live) : live
        preview.drafted = shown !== live
        return shown
      },
    }
    ctx.state.storefront.preview = preview
    try {
      await next()
    } finally {
      // After the renderer, which says `no-cache` of the pages it renders.
      ctx.set('Cache-Control', 'no-store')
    }
  }
}
