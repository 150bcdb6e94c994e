import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { PAGE_DATA_HEADER } from '../src/shared/page.js'
import { ADMIN } from './helpers.js'
import { bootHeadlineSite, headline } from './headline-site.js'

/** A route showing web pages at an address made from their id: `/page/:id`. */
function pagesById(kernel: Kernel) {
  return kernel.services.records.create(ADMIN, {
    type: 'route',
    id: 'pages-by-id',
    url: '/page/:id',
    component: 'About',
    seo: 'record',
    title: 'Page',
    description: '',
    recordtype: { reference: true, type: 'recordtype', id: 'webpage' },
    props: [],
  })
}

/**
 * Pages follow their record's rename (issue 39, docs/themes.md "Renamed records"): a route naming
 * the record names its new id, and an address made from the old id sends visitors on with 301, so
 * links typed as addresses (rich text, menus) keep working.
 */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`renamed records' pages on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const page = (url: string, headers: Record<string, string> = {}) =>
      inject(kernel, { url, headers: { accept: 'text/html', ...headers } })
    const rename = (type: string, from: string, to: string) =>
      kernel.services.records.update(ADMIN, type, from, [{ field: 'id', value: to }])

    beforeAll(async () => {
      ;({ kernel, close } = await bootHeadlineSite(database, 'moved'))
      await pagesById(kernel)
      await kernel.services.records.create(ADMIN, {
        type: 'webpage',
        id: 'spring',
        headline: 'Spring sale',
        content: '',
      })
    })
    afterAll(() => close())

    it('keeps a page at its address when the record its route names is renamed', async () => {
      const before = headline((await page('/about')).body)
      await rename('webpage', 'about', 'about-us')
      await expect
        .poll(async () => (await kernel.services.records.find('route', 'about'))?.recordid)
        .toBe('about-us')
      const shown = await page('/about')
      expect([shown.statusCode, headline(shown.body)]).toEqual([200, before])
    })

    it('keeps a page view at its address when the record its pageid names is renamed', async () => {
      const { records } = kernel.services
      await records.create(ADMIN, { type: 'webpage', id: 'lookbook', headline: 'Lookbook' })
      await records.create(ADMIN, {
        type: 'route',
        id: 'lookbook',
        url: '/lookbook',
        component: 'About',
        seo: 'static',
        title: 'Lookbook',
        description: '',
        props: [
          { id: 'pagetype', value: 'webpage' },
          { id: 'pageid', value: 'lookbook' },
          { id: 'layout', value: 'wide' },
        ],
      })
      expect(headline((await page('/lookbook')).body)).toBe('Lookbook')
      await rename('webpage', 'lookbook', 'lookbook-2027')
      await expect
        .poll(async () => (await records.find('route', 'lookbook'))?.props)
        .toEqual([
          { id: 'pagetype', value: 'webpage' },
          { id: 'pageid', value: 'lookbook-2027' },
          { id: 'layout', value: 'wide' },
        ])
      const shown = await page('/lookbook')
      expect([shown.statusCode, headline(shown.body)]).toEqual([200, 'Lookbook'])
    })

    it('sends the old address of a record shown by its id on to the new one, through renames', async () => {
      expect((await page('/page/spring')).statusCode).toBe(200)
      await rename('webpage', 'spring', 'spring-2027')
      await expect.poll(async () => (await page('/page/spring')).statusCode).toBe(301)
      const moved = await page('/page/spring?utm_source=mail')
      expect(moved.headers.location).toBe('/page/spring-2027?utm_source=mail')
      // Whether it sends this visitor on can change: no cache keeps the answer.
      expect(moved.headers['cache-control']).toBe('no-cache')
      expect(headline((await page('/page/spring-2027')).body)).toBe('Spring sale')
      // Renamed again: both earlier addresses lead to where it is now.
      await rename('webpage', 'spring-2027', 'spring-sale')
      await expect
        .poll(async () => (await page('/page/spring-2027')).headers.location)
        .toBe('/page/spring-sale')
      expect((await page('/page/spring')).headers.location).toBe('/page/spring-sale')
      // A client navigation's data request gets its 404, and loads the address in full.
      const data = await page('/page/spring', { [PAGE_DATA_HEADER]: 'en' })
      expect(data.statusCode).toBe(404)
      // An address a record takes again is its own.
      await kernel.services.records.create(ADMIN, {
        type: 'webpage',
        id: 'spring',
        headline: 'A new spring page',
        content: '',
      })
      const own = await page('/page/spring')
      expect([own.statusCode, headline(own.body)]).toEqual([200, 'A new spring page'])
      // A made-up address stays a 404.
      expect((await page('/page/never-was')).statusCode).toBe(404)
      // An address whose record visitors may no longer read sends nobody on (it would name it).
      await rename('webpage', 'spring-sale', 'spring-sale-2')
      await expect
        .poll(async () => (await page('/page/spring-2027')).headers.location)
        .toBe('/page/spring-sale-2')
      await kernel.services.records.bin(ADMIN, [{ type: 'webpage', id: 'spring-sale-2' }])
      expect((await page('/page/spring-2027')).statusCode).toBe(404)
    })
  })

  describe.skipIf(database.skip)(
    `renames in a process serving no pages on ${database.name}`,
    () => {
      it('keeps the old address all the same: the nodes serving pages redirect it', async () => {
        const { kernel, close } = await bootHeadlineSite(database, 'command', { pages: false })
        try {
          const { records } = kernel.services
          await pagesById(kernel)
          await records.create(ADMIN, { type: 'webpage', id: 'autumn', headline: 'Autumn' })
          await records.update(ADMIN, 'webpage', 'autumn', [{ field: 'id', value: 'autumn-2027' }])
          await expect
            .poll(() => kernel.services.db('storefront_moved').select('path', 'type', 'id'))
            .toEqual([{ path: '/page/autumn', type: 'webpage', id: 'autumn-2027' }])
        } finally {
          await close()
        }
      })
    },
  )
}
