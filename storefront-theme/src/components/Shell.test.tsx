// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage, sampleSite } from '../test/harness.js'
import { Shell } from './Shell.js'

afterEach(cleanup)

const categories = {
  body: {
    data: [
      {
        id: 'apparel',
        name: 'Apparel',
        custrecord_web_webcat_content: '',
        urlcomponent: 'apparel',
        storedisplayimage: null,
      },
      {
        id: 'pantry',
        name: 'Pantry',
        custrecord_web_webcat_content: '',
        urlcomponent: 'pantry',
        storedisplayimage: null,
      },
    ],
    page: 1,
    pages: 1,
    pagesize: 2,
  },
}

function shell(site = sampleSite(), href = '/category/pantry') {
  return renderPage(
    <Shell site={site} menus={{}}>
      <h1>Page</h1>
    </Shell>,
    {
      site,
      href,
      routes: {
        'GET /ns/data/list/webcategory': categories,
        'GET /cart/count': { body: { count: 3 } },
      },
    },
  )
}

describe('the shell', () => {
  it("lists the shop's categories, marks the current one, and keeps the header menu apart", async () => {
    const { container } = shell()
    await waitFor(() => expect(screen.getAllByTestId('category-link')).toHaveLength(4))
    const header = container.querySelector('.sw-categories')!
    expect(Array.from(header.querySelectorAll('a'), (link) => link.textContent)).toEqual([
      'Apparel',
      'Pantry',
    ])
    expect(header.querySelector('[aria-current=page]')!.textContent).toBe('Pantry')
    expect(
      Array.from(container.querySelectorAll('.sw-menu a'), (link) => link.textContent),
    ).toEqual(['Home', 'About', 'Contact', 'Locale'])
    await waitFor(() => expect(screen.getByTestId('cart-link').textContent).toBe('Cart 3'))
    // Its name holds the count it shows ("Cart 3" in Chromium; jsdom joins the parts without the space).
    expect(screen.getByRole('link', { name: /^Cart ?3$/ })).toBe(screen.getByTestId('cart-link'))
  })

  it('asks nothing of a shop a site does not have', async () => {
    const { calls } = shell(sampleSite({ modules: [] }))
    expect(screen.queryByTestId('cart-link')).toBeNull()
    expect(screen.queryByRole('search')).toBeNull()
    expect(calls).toEqual([])
  })

  it('has the search box in the header, with the search text on the search page', () => {
    shell(sampleSite(), '/search?q=blue+tee')
    const form = screen.getByRole('search')
    expect(form.getAttribute('action')).toBe('/search')
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('blue tee')
  })

  it("shows the phone's search row with its button, the cursor in the box; Escape hides it", () => {
    shell()
    const toggle = screen.getByTestId('search-toggle')
    const form = screen.getByRole('search')
    expect(toggle.getAttribute('aria-controls')).toBe(form.id)
    expect(form.className).not.toContain('sw-header-search-open')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(form.className).toContain('sw-header-search-open')
    expect(document.activeElement).toBe(screen.getByRole('combobox'))
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' })
    expect(form.className).not.toContain('sw-header-search-open')
    expect(document.activeElement).toBe(toggle)
  })

  it('opens the phone drawer with the menu button; Escape closes it and focus goes back', async () => {
    shell()
    const button = screen.getByTestId('menu-button')
    const drawer = screen.getByTestId('drawer')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.focus()
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(drawer.className).toContain('sw-drawer-is-open')
    expect(document.activeElement).toBe(screen.getByTestId('drawer-close'))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(drawer.className).not.toContain('sw-drawer-is-open')
    expect(document.activeElement).toBe(button)
  })
})
