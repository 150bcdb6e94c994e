// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Pager, pageHref, pageWindow } from './Pager.js'

afterEach(cleanup)

describe('the pager (spec 000 section 9)', () => {
  it('links up to 7 pages around the current one, kept within the pages', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13])
    expect(pageWindow(19, 20)).toEqual([14, 15, 16, 17, 18, 19, 20])
    expect(pageWindow(99, 20)).toEqual([14, 15, 16, 17, 18, 19, 20])
  })

  it("keeps the address's other parameters", () => {
    expect(pageHref('?display=list', 3)).toBe('?display=list&page=3')
    expect(pageHref('?display=list&page=3', 1)).toBe('?display=list')
    expect(pageHref('', 1)).toBe('?')
  })

  it('shows nothing for one page', () => {
    const { container } = render(<Pager page={1} pages={1} />)
    expect(container.innerHTML).toBe('')
  })

  it('marks the current page, and has arrows that stop at the ends', () => {
    render(<Pager page={1} pages={12} search="?display=list" />)
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
