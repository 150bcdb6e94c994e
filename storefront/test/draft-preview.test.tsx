import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { PAGE_DATA_HEADER } from '../src/shared/page.js'
import { ADMIN, pageDataOf } from './helpers.js'
import { bootHeadlineSite, headline } from './headline-site.js'

/**
 * A draft's live preview (issue 39, docs/history.md "Live preview"): the link the records plugin
 * issues shows the storefront page with the draft; it is never cached, indexed nor kept by the
 * page cache, and an anonymous visitor of the same page sees only what is published.
 */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`a draft's preview on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const page = (url: string, headers: Record<string, string> = {}) =>
      inject(kernel, { url, headers: { accept: 'text/html', ...headers } })

    beforeAll(async () => {
      ;({ kernel, close } = await bootHeadlineSite(database, 'preview'))
    })
    afterAll(() => close())

    const drafts = () => kernel.containerOf('records').cradle.draftCalls

    it('shows the draft through its link only, uncached and unindexed', async () => {
      const live = headline((await page('/about')).body)
      expect(live).toBeTruthy()
      // Kept in the page cache: the next anonymous visitor gets it from there.
      await page('/about')
      await drafts().save(ADMIN, 'webpage', 'about', [
        { field: 'headline', value: 'About us, to come' },
      ])
      const link = await kernel.services.recordPreviews.issue(ADMIN, 'webpage', 'about')
      expect(link.href).toBe(`/about?preview_token=${link.token}`)

      const shown = await page(link.href!)
      expect(shown.statusCode).toBe(200)
      expect(headline(shown.body)).toBe('About us, to come')
      expect(shown.body).toContain('Preview: changes not published yet')
      expect(pageDataOf(shown.body).preview).toEqual({ state: 'draft' })
      expect(shown.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex, nofollow',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
      })
      expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'")

      // Shoppers and crawlers still get the published page, cached or not.
      for (let visit = 0; visit < 2; visit++) {
        const anonymous = await page('/about')
        expect(headline(anonymous.body)).toBe(live)
        expect(anonymous.headers['x-frame-options']).toBe('DENY')
        expect(anonymous.body).not.toContain('Preview')
      }
      // A client navigation's data request through the link reads the draft too.
      const data = await page(link.href!, { [PAGE_DATA_HEADER]: 'en' })
      expect(JSON.parse(data.body).record.headline).toBe('About us, to come')
      expect(data.headers['cache-control']).toBe('no-store')
      // The page the link shows follows the draft as it is saved.
      await drafts().save(ADMIN, 'webpage', 'about', [
        { field: 'headline', value: 'About us, reworded' },
      ])
      expect(headline((await page(link.href!)).body)).toBe('About us, reworded')
      // The sitemap knows nothing of previews.
      expect((await page('/sitemap.xml')).body).not.toContain('preview_token')
    })

    it('shows what is published, saying so, for a token that is bad or expired', async () => {
      const live = headline((await page('/about')).body)
      const link = await kernel.services.recordPreviews.issue(ADMIN, 'webpage', 'about')
      await kernel.services
        .db('record_previews')
        .update({ expires_at: Date.now() - 1 })
        .whereNot({ expires_at: 0 })
      for (const href of [link.href!, '/about?preview_token=nope', '/about?preview_token=']) {
        const shown = await page(href)
        expect(shown.statusCode, href).toBe(200)
        expect(headline(shown.body)).toBe(live)
        expect(pageDataOf(shown.body).preview).toEqual({ state: 'expired' })
        expect(shown.body).toContain('This preview link has expired')
        expect(shown.headers['cache-control']).toBe('no-store')
        expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow')
      }
    })

    it('shows the published page once the draft is published', async () => {
      const link = await kernel.services.recordPreviews.issue(ADMIN, 'webpage', 'about')
      await drafts().publish(ADMIN, 'webpage', 'about')
      const shown = await page(link.href!)
      expect(headline(shown.body)).toBe('About us, reworded')
      expect(pageDataOf(shown.body).preview).toEqual({ state: 'published' })
      expect(shown.body).toContain('no changes waiting to be published')
      expect(headline((await page('/about')).body)).toBe('About us, reworded')
    })

    it('shows a language variant’s draft at its record’s page, in its language', async () => {
      const french = headline(
        (
          await page('/about', {
            cookie: `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`,
          })
        ).body,
      )
      await drafts().save(ADMIN, 'webpage', 'about-fr', [
        { field: 'headline', value: 'À propos, bientôt' },
      ])
      const link = await kernel.services.recordPreviews.issue(ADMIN, 'webpage', 'about-fr')
      expect(link.href).toBe(`/about?preview_token=${link.token}`)
      // Whatever the reader's own language: the link shows the French page with the draft.
      const shown = await page(link.href!)
      expect(headline(shown.body)).toBe('À propos, bientôt')
      expect(shown.body).toContain('<html lang="fr"')
      expect(pageDataOf(shown.body).preview).toEqual({ state: 'draft' })
      // French readers of the page still get what is published.
      const published = await page('/about', {
        cookie: `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`,
      })
      expect(headline(published.body)).toBe(french)
      await drafts().discard(ADMIN, 'webpage', 'about-fr')
    })

    it('takes an unpublished page out of the shop, its menus and the sitemap; its preview still shows it', async () => {
      // The header menu's links on the home page, as a visitor gets them (from the page cache).
      const menu = async () =>
        pageDataOf((await page('/')).body).menus.header!.map((item) => item.href)
      expect(await menu()).toContain('/about')
      const listed = async () =>
        [...(await page('/sitemap.xml')).body.matchAll(/<loc>(.*?)<\/loc>/g)].map(
          (match) => new URL(match[1]!).pathname,
        )
      expect(await listed()).toContain('/about')
      // Cached for the next visitor first: unpublishing must drop it.
      await page('/about')
      await drafts().unpublish(ADMIN, 'webpage', 'about')
      const gone = await page('/about')
      expect(gone.statusCode).toBe(404)
      expect(headline(gone.body)).toBe('Nothing here')
      expect(await listed()).not.toContain('/about')
      expect(await listed()).toContain('/')
      // No link leads to 'Page not Found'; the links to other pages stay.
      expect(await menu()).not.toContain('/about')
      expect(await menu()).toContain('/contact')
      const link = await kernel.services.recordPreviews.issue(ADMIN, 'webpage', 'about')
      const shown = await page(link.href!)
      expect([shown.statusCode, headline(shown.body)]).toEqual([200, 'About us, reworded'])
      expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow')

      await drafts().publish(ADMIN, 'webpage', 'about')
      expect(headline((await page('/about')).body)).toBe('About us, reworded')
      expect(await listed()).toContain('/about')
      expect(await menu()).toContain('/about')
    })
  })
}
