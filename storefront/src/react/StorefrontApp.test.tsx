// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@shopwright/client'
import type { PageProps, ShellProps, Theme } from '../shared/contract.js'
import type { PageData, PageDataAnswer } from '../shared/page.js'
import { testRoute, testSiteData } from '../shared/test-site.js'
import { usePageExtra } from './page-extra.js'
import { StorefrontApp } from './StorefrontApp.js'
import { useTranslation } from './translation.js'

function Shelf({ props }: PageProps) {
  const shelf = usePageExtra<{ items: string[] }>('shelf')
  return (
    <ul data-page={props.page ?? '1'}>
      {shelf ? shelf.items.map((item) => <li key={item}>{item}</li>) : <li>no shelf</li>}
    </ul>
  )
}

/** A page showing its route's record, with a switch to English. */
function Article({ record }: PageProps) {
  const { setLanguage } = useTranslation()
  return (
    <article>
      <h1>{typeof record?.headline === 'string' ? record.headline : 'no record'}</h1>
      <button type="button" onClick={() => void setLanguage('en-us')}>
        English
      </button>
    </article>
  )
}

const theme: Theme = {
  name: 'test',
  Shell: ({ children }: ShellProps) => (
    <main>
      <a href="/shelf?page=2">Next</a>
      <a href="/">Home</a>
      <a href="/article">Read</a>
      {children}
    </main>
  ),
  NotFound: () => <h1>Nothing here</h1>,
  components: { Welcome: () => <h1>Welcome</h1>, Shelf, Article },
}

function pageData(href: string, extra: Partial<PageData> = {}): PageData {
  return {
    routes: [
      testRoute('Welcome', '/'),
      testRoute('Shelf', '/shelf'),
      testRoute('Article', '/article', { seo: 'record', recordtype: 'webpage', recordid: 'about' }),
    ],
    site: testSiteData(),
    href,
    record: null,
    account: null,
    locale: null,
    menus: {},
    language: 'fr',
    texts: {},
    extraRoutes: ['Shelf'],
    ...extra,
  }
}

/** The page-data requests the app made, and what the server answers them. */
let asked: Array<{ url: string; headers: Record<string, string> }>
let answer: (url: string, headers: Record<string, string>) => { status: number; body: unknown }

beforeEach(() => {
  asked = []
  answer = (url) => ({
    status: 200,
    body: { href: url, record: null, extra: { shelf: { items: ['pear', 'plum'] } } },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, headers: init.headers })
      const { status, body } = answer(url, init.headers)
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
      )
    }),
  )
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const client = createQueryClient({
  device: 'test',
  fetch: () => Promise.reject(new Error('no /query call expected')),
})

/** Stands in for the window's location at the home page; the spy its full loads (assign) go to. */
function watchFullLoads() {
  const assign = vi.fn()
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    href: 'http://localhost:3000/',
    origin: 'http://localhost:3000',
    assign,
  } as unknown as Location)
  return assign
}

describe('StorefrontApp', () => {
  it('hydrates with the extras the server rendered, for usePageExtra', () => {
    window.history.replaceState(null, '', '/shelf')
    const data = pageData('/shelf', { extra: { shelf: { items: ['fig'] } } })
    render(<StorefrontApp theme={theme} data={data} client={client} />)
    expect(screen.getByText('fig')).toBeTruthy()
    expect(asked).toEqual([])
  })

  it('fetches the record and extras of a route that has them when it navigates, in the page language', async () => {
    render(<StorefrontApp theme={theme} data={pageData('/')} client={client} />)
    await act(async () => {
      fireEvent.click(screen.getByText('Next'))
    })
    expect(await screen.findByText('plum')).toBeTruthy()
    expect(window.location.pathname + window.location.search).toBe('/shelf?page=2')
    expect(asked).toEqual([
      {
        url: '/shelf?page=2',
        headers: { 'Sw-Page-Data': 'fr', Accept: 'application/json' },
      },
    ])
    // A route without extras asks nothing (it has no record either).
    await act(async () => {
      fireEvent.click(screen.getByText('Home'))
    })
    expect(await screen.findByText('Welcome')).toBeTruthy()
    expect(asked).toHaveLength(1)
  })

  it("fetches the record of a route that shows one from the server, in the page's language, and again on a language switch", async () => {
    // The server picks the record's language variant, as for the page itself.
    answer = (url, headers) => {
      const french = headers['Sw-Page-Data'] === 'fr'
      return {
        status: 200,
        body: {
          href: url,
          record: {
            type: 'webpage',
            id: french ? 'about-fr' : 'about',
            headline: french ? 'À propos' : 'About us',
          },
        },
      }
    }
    // The query client answers the texts of a language switch, and nothing else (no `listids`).
    const queried: string[] = []
    const texts = createQueryClient({
      device: 'test',
      fetch: (url) => {
        queried.push(url)
        if (!url.startsWith('/query/translation/texts/'))
          return Promise.reject(new Error(`unexpected ${url}`))
        return Promise.resolve(
          new Response(JSON.stringify({ texts: {} }), {
            headers: { 'content-type': 'application/json' },
          }),
        )
      },
    })
    render(<StorefrontApp theme={theme} data={pageData('/')} client={texts} />)
    await act(async () => {
      fireEvent.click(screen.getByText('Read'))
    })
    expect(await screen.findByText('À propos')).toBeTruthy()
    expect(window.location.pathname).toBe('/article')
    expect(asked).toEqual([
      { url: '/article', headers: { 'Sw-Page-Data': 'fr', Accept: 'application/json' } },
    ])
    await act(async () => {
      fireEvent.click(screen.getByText('English'))
    })
    expect(await screen.findByText('About us')).toBeTruthy()
    expect(asked.map((each) => each.headers['Sw-Page-Data'])).toEqual(['fr', 'en-us'])
    expect(asked[1]!.url).toBe('/article')
    expect(queried).toHaveLength(1)
    expect(queried[0]).toMatch(/^\/query\/translation\/texts\/en-us/)
    // Back home: a route with neither record nor extras asks nothing.
    await act(async () => {
      fireEvent.click(screen.getByText('Home'))
    })
    expect(await screen.findByText('Welcome')).toBeTruthy()
    expect(asked).toHaveLength(2)
  })

  /**
   * Follows the link `text` from the home page while the server answers its data with `status`
   * and `message`: the page stays as it was, and the full load goes to the spy returned.
   */
  async function followWithoutData(text: string, status: number, message: string) {
    const assign = watchFullLoads()
    answer = () => ({ status, body: { ok: false, message } })
    render(<StorefrontApp theme={theme} data={pageData('/')} client={client} />)
    await act(async () => {
      fireEvent.click(screen.getByText(text))
    })
    expect(screen.getByText('Welcome')).toBeTruthy()
    return assign
  }

  it('loads the address of a record route fully when the server does not answer its data', async () => {
    const assign = await followWithoutData('Read', 503, 'ERROR_DATA_CONNECTION')
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/article')
  })

  it('loads the address fully when the server does not answer its data (no such page, an outage)', async () => {
    const assign = await followWithoutData('Next', 404, 'ERROR_PAGE_NOT_FOUND')
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/shelf?page=2')
  })

  it('shows NotFound for a page whose data said there is no such page', () => {
    window.history.replaceState(null, '', '/shelf')
    render(
      <StorefrontApp theme={theme} data={pageData('/shelf', { notFound: true })} client={client} />,
    )
    expect(screen.getByText('Nothing here')).toBeTruthy()
  })

  it('keeps the latest navigation when an earlier answer comes later', async () => {
    const answers: Array<(body: PageDataAnswer) => void> = []
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise((resolve) =>
            answers.push((body) =>
              resolve(
                new Response(JSON.stringify({ ...body, href: url }), {
                  headers: { 'content-type': 'application/json' },
                }),
              ),
            ),
          ),
      ),
    )
    render(<StorefrontApp theme={theme} data={pageData('/')} client={client} />)
    await act(async () => {
      fireEvent.click(screen.getByText('Next'))
      fireEvent.click(screen.getByText('Next'))
    })
    await act(async () => {
      answers[1]!({ href: '', record: null, extra: { shelf: { items: ['late'] } } })
    })
    await act(async () => {
      answers[0]!({ href: '', record: null, extra: { shelf: { items: ['early'] } } })
    })
    expect(screen.getByText('late')).toBeTruthy()
    expect(screen.queryByText('early')).toBeNull()
  })
})
