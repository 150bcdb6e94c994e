import { beforeAll, expect, it } from 'vitest'
import { describePlugin, type TestRequest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountPeople } from '@shopwright/plugin-account/testing'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { storefrontPlugin } from '../src/plugin/index.js'
import { ADMIN, testThemeModule } from './helpers.js'
import { headlineTheme } from './headline-site.js'

const PEOPLE = {
  administrator: { roles: ['administrator'] },
  marketing: { roles: ['marketing'] },
}

/**
 * Links to records in rich text (issue 39, docs/admin.md "Rich text"): the records plugin answers
 * where the site shows a record, from the storefront's route table, and which types some page
 * shows; each only as far as the caller may view the records.
 */
describePlugin(
  'links to records',
  {
    plugins: [
      records,
      account,
      translations,
      storefrontPlugin({ theme: testThemeModule(headlineTheme('links')) }),
    ],
    seeds: allSeeds,
    people: PEOPLE,
    keeper: accountPeople,
  },
  (site) => {
    const answer = async (person: keyof typeof PEOPLE | undefined, request: TestRequest) => {
      const res = await site.call(person, request)
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> }
    }
    const address = (person: keyof typeof PEOPLE | undefined, type: string, id: string) =>
      answer(person, { url: `/query/data/pages/address/${type}/${encodeURIComponent(id)}` })

    beforeAll(async () => {
      const { records: service } = site.kernel.services
      const route = (id: string, url: string, type: string) =>
        service.create(ADMIN, {
          type: 'route',
          id,
          url,
          component: 'About',
          seo: 'static',
          title: id,
          description: '',
          recordtype: { reference: true, type: 'recordtype', id: type },
          props: [],
        })
      // Countries, which everyone may view, and roles, which only staff of security may.
      await route('country-page', '/country/:id', 'country')
      await route('role-page', '/roles/:id', 'role')
      await service.create(ADMIN, { type: 'webpage', id: 'no-route', headline: 'Unlinked' })
    })

    it('lists the types some page shows, as far as the caller may view them', async () => {
      const types = (person: keyof typeof PEOPLE) =>
        answer(person, { url: '/query/data/pages/types' }).then(({ status, body }) => {
          expect(status).toBe(200)
          return (body.list as Array<{ type: string; name: string }>).map((each) => each.type)
        })
      // In the routes' order; the commerce plugin's types (categories, items) are not run here.
      expect(await types('administrator')).toEqual(['webpage', 'country', 'role'])
      expect(await types('marketing')).toEqual(['webpage', 'country'])
      const named = await answer('administrator', { url: '/query/data/pages/types' })
      expect(named.body.list).toContainEqual({ type: 'country', name: 'Country' })
      expect((await answer(undefined, { url: '/query/data/pages/types' })).status).toBe(401)
    })

    it('answers the address of the page that shows a record', async () => {
      expect(await address('marketing', 'webpage', 'about')).toEqual({
        status: 200,
        body: { address: '/about' },
      })
      // A language variant shows at its record's page; a country at the address made from its id.
      expect((await address('marketing', 'webpage', 'about-fr')).body).toEqual({
        address: '/about',
      })
      expect((await address('marketing', 'country', 'us')).body).toEqual({ address: '/country/us' })
      // Everyone may view web pages: their addresses are no secret.
      expect((await address(undefined, 'webpage', 'about')).body).toEqual({ address: '/about' })
    })

    it('says so when no page shows the record, and never names one the caller may not view', async () => {
      const none = await address('administrator', 'webpage', 'no-route')
      expect(none.status).toBe(404)
      expect(none.body.message).toBe('ERROR_NO_PAGE_FOR_RECORD')
      const unrouted = await address('administrator', 'currency', 'usd')
      expect(unrouted.status).toBe(404)
      expect(unrouted.body.message).toBe('ERROR_NO_PAGE_FOR_RECORD')
      const missing = await address('administrator', 'webpage', 'nowhere')
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('ERROR_RECORD_NOT_AVAILABLE')
      expect((await address('administrator', 'role', 'marketing')).body).toEqual({
        address: '/roles/marketing',
      })
      const refused = await address('marketing', 'role', 'marketing')
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('ERROR_ACCESS_DENIED')
      expect((await address(undefined, 'role', 'marketing')).status).toBe(401)
    })

    const recordAt = (person: keyof typeof PEOPLE | undefined, href: string) =>
      answer(person, { url: `/query/data/pages/record?address=${encodeURIComponent(href)}` })

    it('names the record a link goes to, from the route that answers its address', async () => {
      const shown = async (person: keyof typeof PEOPLE, href: string) => {
        const { status, body } = await recordAt(person, href)
        expect(status, href).toBe(200)
        return body.record
      }
      expect(await shown('marketing', '/about')).toEqual({ type: 'webpage', id: 'about' })
      // The query and fragment do not change the page; a trailing slash is the same page.
      expect(await shown('marketing', '/about/?utm=mail#team')).toEqual({
        type: 'webpage',
        id: 'about',
      })
      expect(await shown('marketing', '/country/us')).toEqual({ type: 'country', id: 'us' })
      expect(await shown('administrator', '/roles/marketing')).toEqual({
        type: 'role',
        id: 'marketing',
      })
      expect(await shown('marketing', '/')).toEqual({ type: 'webpage', id: 'home' })
      expect(await shown('marketing', '/nowhere/at/all')).toBeNull()
      // A missing record, and one the caller may not view, are answered alike: no record.
      expect(await shown('marketing', '/country/atlantis')).toBeNull()
      expect(await shown('marketing', '/roles/marketing')).toBeNull()
      expect((await recordAt(undefined, '/about')).status).toBe(401)
    })

    it('refuses an address that is not a path of this site, and a missing one', async () => {
      for (const href of ['https://example.com/about', '//example.com/about', 'about', '']) {
        const refused = await recordAt('administrator', href)
        expect(refused.status, href).toBe(400)
        expect(refused.body.message).toBe('ERROR_INVALID_INPUT')
      }
      const long = await recordAt('administrator', `/${'a'.repeat(2_000)}`)
      expect(long.status).toBe(400)
      const none = await answer('administrator', { url: '/query/data/pages/record' })
      expect(none.status).toBe(400)
      expect(none.body.message).toBe('ERROR_INVALID_INPUT')
      const post = await site.call('administrator', {
        method: 'POST',
        url: '/query/data/pages/record?address=%2Fabout',
      })
      expect(post.statusCode).toBe(405)
    })

    it('refuses a malformed key, and any method but GET', async () => {
      const bad = await answer('administrator', {
        url: '/query/data/pages/address/webpage/..%2F..%2Fetc',
      })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBe('ERROR_INVALID_ID')
      const proto = await address('administrator', '__proto__', 'about')
      expect(proto.status).toBe(404)
      const post = await site.call('administrator', {
        method: 'POST',
        url: '/query/data/pages/address/webpage/about',
      })
      expect(post.statusCode).toBe(405)
    })
  },
)
