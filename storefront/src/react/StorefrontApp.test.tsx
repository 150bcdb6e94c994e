// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@shopwright/core/shared'
import type { PageProps, ShellProps, Theme } from '../shared/contract.js'
import {
  DEFAULT_SITE_IMAGES,
  DEFAULT_SITE_PAGINATION,
  type PageData,
  type PageDataAnswer,
} from '../shared/page.js'
import type { WebsiteRoute } from '../shared/route-match.js'
import { usePageExtra } from './page-extra.js'
import { StorefrontApp } from './StorefrontApp.js'

const route = (id: string, url: string): WebsiteRoute => ({
  id,
  url,
  component: id,
  seo: 'static',
  title: id,
  description: '',
  props: {},
})

function Shelf({ props }: PageProps) {
  const shelf = usePageExtra<{ items: string[] }>('shelf')
  return (
    <ul data-page={props.page ?? '1'}>
      {shelf ? shelf.items.map((item) => <li key={item}>{item}</li>) : <li>no shelf</li>}
    </ul>
  )
}

const theme: Theme = {
  name: 'test',
  Shell: ({ children }: ShellProps) => (
    <main>
      <a href="/shelf?page=2">Next</a>
      <a href="/">Home</a>
      {children}
    </main>
  ),
  NotFound: () => <h1>Nothing here</h1>,
  components: { Welcome: () => <h1>Welcome</h1>, Shelf },
}

function pageData(href: string, extra: Partial<PageData> = {}): PageData {
  return {
    routes: [route('Welcome', '/'), route('Shelf', '/shelf')],
    site: {
      name: 'Test Shop',
      titlesuffix: ' | Test Shop',
      languages: ['en-us', 'fr'],
      location: null,
      currencies: [],
      languageNames: [],
      modules: [],
      images: { ...DEFAULT_SITE_IMAGES },
      pagination: { ...DEFAULT_SITE_PAGINATION },
    },
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
let answer: (url: string) => { status: number; body: unknown }

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
      const { status, body } = answer(url)
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

  it('loads the address fully when the server does not answer its data (no such page, an outage)', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: 'http://localhost:3000/',
      origin: 'http://localhost:3000',
      assign,
    } as unknown as Location)
    answer = () => ({ status: 404, body: { ok: false, message: 'ERROR_PAGE_NOT_FOUND' } })
    render(<StorefrontApp theme={theme} data={pageData('/')} client={client} />)
    await act(async () => {
      fireEvent.click(screen.getByText('Next'))
    })
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/shelf?page=2')
    expect(screen.getByText('Welcome')).toBeTruthy()
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
