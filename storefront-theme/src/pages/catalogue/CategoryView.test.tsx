// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CategoryAnswer } from '../../lib/commerce.js'
import { listItem } from '../../test/fixtures.js'
import { pageProps, renderPage } from '../../test/harness.js'
import { CategoryView } from './CategoryView.js'

afterEach(cleanup)

/** An IntersectionObserver that never reports: lazy images stay unloaded. */
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  return () => vi.unstubAllGlobals()
})

function category(items = 6, overrides: Partial<CategoryAnswer> = {}): CategoryAnswer {
  return {
    id: 'apparel',
    name: 'Apparel',
    custrecord_web_webcat_content: '<p>Everyday clothes.</p>',
    urlcomponent: 'apparel',
    storedisplayimage: null,
    items: Array.from({ length: items }, (_item, index) =>
      listItem(`item-${index}`, {
        haschildren: index === 1,
        instock: index !== 2,
        price: { amount: index === 3 ? -1 : 2400, currency: 'usd' },
      }),
    ),
    page: 1,
    pages: 1,
    pagesize: 24,
    total: items,
    ...overrides,
  }
}

const props = pageProps('/category/:id', { id: 'apparel' })

describe('the category page', () => {
  it('shows the name, the content and a grid of cards with prices, "From" and out of stock', () => {
    renderPage(<CategoryView {...props} />, {
      extra: { commerce: { category: category(), display: 'grid' } },
      href: '/category/apparel',
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Apparel')
    expect(screen.getByText('Everyday clothes.')).toBeTruthy()
    expect(screen.getByTestId('item-count').textContent).toBe('6 items')
    const cards = screen.getAllByTestId('item-card')
    expect(cards.map((card) => card.querySelector('.sw-item-card-price')!.textContent)).toEqual([
      '$24.00',
      'From $24.00',
      '$24.00',
      'Price not available',
      '$24.00',
      '$24.00',
    ])
    expect(within(cards[2]!).getByText('Out of stock')).toBeTruthy()
    expect(cards[0]!.getAttribute('href')).toBe('/item/item-0')
  })

  it('loads the first row at once, the first image first, and the rest near the viewport, all sized', () => {
    renderPage(<CategoryView {...props} />, {
      extra: { commerce: { category: category(), display: 'grid' } },
      href: '/category/apparel',
    })
    const images = screen.getAllByTestId('item-card').map((card) => card.querySelector('img')!)
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high')
    expect(images[1]!.getAttribute('fetchpriority')).toBeNull()
    expect(
      images.slice(0, 4).every((image) => image.getAttribute('src')!.includes('?width=400')),
    ).toBe(true)
    expect(images[0]!.getAttribute('srcset')).toContain('?width=800 800w')
    expect(
      images
        .slice(4)
        .every(
          (image) =>
            image.getAttribute('src')!.startsWith('data:') && image.hasAttribute('data-lazy'),
        ),
    ).toBe(true)
    for (const image of images) {
      expect(image.style.aspectRatio).toBe('1 / 1.33')
      expect(image.getAttribute('width')).toBe('300')
      expect(image.getAttribute('height')).toBe('399')
    }
  })

  it('switches between the grid and the list with links, and pages keep the display', () => {
    renderPage(<CategoryView {...props} />, {
      extra: { commerce: { category: category(50, { pages: 3, total: 140 }), display: 'list' } },
      href: '/category/apparel?display=list',
    })
    expect(screen.getByTestId('display-grid').getAttribute('href')).toBe('/category/apparel')
    expect(screen.getByTestId('display-list').getAttribute('aria-current')).toBe('true')
    expect(screen.getAllByTestId('item-row')).toHaveLength(50)
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '?display=list&page=2',
    )
  })

  it("shows the category's not-available title without its page extra", () => {
    renderPage(<CategoryView {...props} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unable to View Category.')
  })
})
