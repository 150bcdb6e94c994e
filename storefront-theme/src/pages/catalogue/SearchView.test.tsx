// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SEARCH_EXTRA, type SearchPageExtra } from '../../lib/commerce.js'
import { listItem } from '../../test/fixtures.js'
import { pageProps, renderPage, serverPage, stillViewport } from '../../test/harness.js'
import { SearchView } from './SearchView.js'

afterEach(cleanup)

/** Lazy images stay unloaded. */
beforeEach(stillViewport)

const props = pageProps('/search')

function found(q: string, total: number, page = 1): SearchPageExtra {
  return {
    q,
    search: {
      data: Array.from({ length: Math.min(total, 24) }, (_item, index) =>
        listItem(`tee-${index}`, { displayname: `Tee ${index}` }),
      ),
      page,
      pages: Math.max(1, Math.ceil(total / 24)),
      pagesize: 24,
      total,
    },
  }
}

function search(extra: SearchPageExtra | undefined, href: string) {
  return renderPage(<SearchView {...props} />, {
    extra: extra ? { [SEARCH_EXTRA]: extra } : {},
    href,
  })
}

describe('the search page', () => {
  it('shows how many items the text found, in the category grid, with the pager', () => {
    search(found('tee', 30, 2), '/search?q=tee&page=2')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results')
    expect(screen.getByTestId('search-count').textContent).toBe('30 results for “tee”')
    expect(screen.getAllByTestId('item-card')).toHaveLength(24)
    expect(screen.getAllByTestId('item-card')[0]!.getAttribute('href')).toBe('/item/tee-0')
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('?q=tee')
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('tee')
  })

  it('says one result in the singular', () => {
    search(found('kettle', 1), '/search?q=kettle')
    expect(screen.getByTestId('search-count').textContent).toBe('1 result for “kettle”')
    expect(screen.queryByTestId('pager')).toBeNull()
  })

  it('says what to try when nothing is found', () => {
    search(found('zzz', 0), '/search?q=zzz')
    const empty = screen.getByTestId('search-empty')
    expect(within(empty).getByText('No results for “zzz”')).toBeTruthy()
    expect(within(empty).getByText('Check the spelling.')).toBeTruthy()
    expect(screen.queryByTestId('item-grid')).toBeNull()
  })

  it('shows the box and the categories without a text', () => {
    search(found('', 0), '/search')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Shop by category')
    expect(screen.queryByTestId('search-count')).toBeNull()
    expect(screen.queryByTestId('search-empty')).toBeNull()
  })

  it('renders its results on the server, with a form that searches without the code', () => {
    const page = serverPage(<SearchView {...props} />, {
      extra: { [SEARCH_EXTRA]: found('tee', 2) },
      href: '/search?q=tee',
    })
    expect(page.querySelectorAll('[data-testid=item-card]')).toHaveLength(2)
    const form = page.querySelector('form')!
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get'])
    expect(page.querySelector<HTMLInputElement>('input[name=q]')!.value).toBe('tee')
  })

  it("shows the search's not-available title without its page extra", () => {
    search(undefined, '/search?q=tee')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unable to View Items.')
  })
})
