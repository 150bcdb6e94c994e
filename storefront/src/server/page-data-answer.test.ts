import { describe, expect, it } from 'vitest'
import { inject } from '@shopwright/core/testing'
import type { PageData } from '../shared/page.js'
import type { MatchedRoute } from '../shared/route-match.js'
import { pageDataAnswer } from './page-data-answer.js'
import type { PageState } from './page-state.js'
import { PASSED_ON, testApp, testSite } from './test-app.js'

const site = testSite()
const HOME: MatchedRoute = { route: site.routes[0]!, params: {}, props: {} }
const DATA: PageData = {
  ...site,
  href: '/?page=2',
  record: { type: 'webpage', id: 'home', headline: 'Hello' },
  account: null,
  locale: null,
  language: 'fr',
  texts: { About: 'À propos' },
  extra: { grid: { items: [1, 2] } },
  extraRoutes: ['Welcome'],
}

function answer(page: Partial<PageState>) {
  return inject(testApp([pageDataAnswer()], { page: { data: DATA, ...page } }), { url: '/?page=2' })
}

describe('pageDataAnswer', () => {
  it("answers a navigation's data request with the record and extras only, never to be stored", async () => {
    const reply = await answer({ matched: HOME, dataRequest: { language: 'fr' } })
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-type']).toMatch(/^application\/json/)
    expect(reply.headers['cache-control']).toBe('no-store')
    expect(reply.headers.vary).toBe('Sw-Page-Data')
    expect(reply.json()).toEqual({
      href: '/?page=2',
      record: { type: 'webpage', id: 'home', headline: 'Hello' },
      extra: { grid: { items: [1, 2] } },
    })
  })

  it('answers 404 for no route, or a page its data says does not exist', async () => {
    const reply = await answer({ matched: null, dataRequest: { language: null } })
    expect(reply.statusCode).toBe(404)
    expect(reply.json()).toEqual({ ok: false, message: 'ERROR_PAGE_NOT_FOUND' })
  })

  it('passes the page itself on to the renderer', async () => {
    expect((await answer({ matched: HOME })).body).toBe(PASSED_ON)
  })
})
