// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NavigationContext } from '@shopwright/storefront/react'
import { Pager } from './Pager.js'

afterEach(cleanup)

/** The pager of `page` of `pages` on the address `href`. */
function pager(page: number, pages: number, href = '/category/gifts') {
  const navigation = { href, loading: false, navigate: () => undefined }
  return render(
    <NavigationContext.Provider value={navigation}>
      <Pager page={page} pages={pages} />
    </NavigationContext.Provider>,
  )
}

/** The numbered links' numbers, in order. */
function numbers(): string[] {
  return screen.getAllByRole('link', { name: /^Page \d+$/ }).map((link) => link.textContent ?? '')
}

describe('the pager', () => {
  it('links up to 7 pages around the current one, kept within the pages', () => {
    const windows: Array<[number, number, number[]]> = [
      [1, 3, [1, 2, 3]],
      [1, 20, [1, 2, 3, 4, 5, 6, 7]],
      [10, 20, [7, 8, 9, 10, 11, 12, 13]],
      [19, 20, [14, 15, 16, 17, 18, 19, 20]],
      [99, 20, [14, 15, 16, 17, 18, 19, 20]],
    ]
    for (const [page, pages, expected] of windows) {
      pager(page, pages)
      expect(numbers(), `page ${page} of ${pages}`).toEqual(expected.map(String))
      cleanup()
    }
  })

  it("keeps the current address's other parameters", () => {
    pager(2, 5, '/category/gifts?display=list&page=2')
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '?display=list&page=3',
    )
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('?display=list')
    cleanup()
    pager(2, 3, '/account/orders?page=2')
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('?')
  })

  it('shows nothing for one page', () => {
    const { container } = pager(1, 1)
    expect(container.innerHTML).toBe('')
  })

  it('marks the current page, and has arrows that stop at the ends', () => {
    pager(1, 12, '/category/gifts?display=list')
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      'Next page',
    ])
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('pager-prev').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('pager-next').getAttribute('href')).toBe('?display=list&page=2')
  })
})
