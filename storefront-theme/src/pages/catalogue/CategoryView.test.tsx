// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  NO_FILTERS,
  type CategoryFacets,
  type CategoryListingAnswer,
  type ListingChoice,
} from '../../lib/commerce.js'
import { listItem } from '../../test/fixtures.js'
import { pageProps, renderPage, serverPage, stillViewport } from '../../test/harness.js'
import { CategoryView } from './CategoryView.js'

afterEach(cleanup)

/** Lazy images stay unloaded. */
beforeEach(stillViewport)

/** What the sample's Apparel offers to filter by. */
const FACETS: CategoryFacets = {
  price: { min: 1200, max: 9800, currency: 'usd' },
  instock: 5,
  options: [
    { key: '38', value: '38', count: 1 },
    { key: 'blue', value: 'Blue', count: 1 },
    { key: 'm', value: 'M', count: 2 },
    { key: 'red', value: 'Red', count: 0 },
  ],
}

function category(
  items = 6,
  overrides: Partial<CategoryListingAnswer> = {},
): CategoryListingAnswer {
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
    listing: NO_FILTERS,
    facets: FACETS,
    ...overrides,
  }
}

/** The Apparel page showing `listing`, at `href`. */
function listed(listing: Partial<ListingChoice>, href: string, items = 3) {
  return renderPage(<CategoryView {...props} />, {
    extra: {
      commerce: {
        category: category(items, { listing: { ...NO_FILTERS, ...listing } }),
        display: 'grid',
      },
    },
    href,
  })
}

const hrefOf = (element: Element) => element.getAttribute('href')

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

  it('links the display toggle to the same sort and filters', () => {
    listed({ sort: 'name', options: ['blue'] }, '/category/apparel?sort=name&option=blue')
    expect(hrefOf(screen.getByTestId('display-list'))).toBe(
      '/category/apparel?sort=name&option=blue&display=list',
    )
    expect(hrefOf(screen.getByTestId('display-grid'))).toBe(
      '/category/apparel?sort=name&option=blue',
    )
  })
})

describe('the category sort and filters', () => {
  it('sorts with a select that goes to the sorted page, from its first page', () => {
    const { navigated } = listed({ instock: true }, '/category/apparel?instock=1&page=2')
    const select = screen.getByTestId('sort-select') as HTMLSelectElement
    expect(Array.from(select.options, (option) => [option.value, option.textContent])).toEqual([
      ['featured', 'Featured'],
      ['price-asc', 'Price: low to high'],
      ['price-desc', 'Price: high to low'],
      ['name', 'Name: A to Z'],
      ['newest', 'Newest'],
    ])
    expect(select.value).toBe('featured')
    fireEvent.change(select, { target: { value: 'price-asc' } })
    expect(navigated).toEqual(['/category/apparel?sort=price-asc&instock=1'])
  })

  it('links each filter as a checkbox to the page with it toggled, counted, in one spelling', () => {
    listed({ sort: 'price-desc', options: ['m'] }, '/category/apparel?sort=price-desc&option=m')
    const stock = screen.getByTestId('instock-filter')
    expect(stock.getAttribute('role')).toBe('checkbox')
    expect(stock.getAttribute('aria-checked')).toBe('false')
    expect(stock.textContent).toBe('In stock only5')
    expect(hrefOf(stock)).toBe('/category/apparel?sort=price-desc&instock=1&option=m')
    const chips = screen.getAllByTestId('option-filter')
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('aria-checked')])).toEqual([
      ['381', 'false'],
      ['Blue1', 'false'],
      ['M2', 'true'],
      ['Red0', 'false'],
    ])
    expect(chips.map(hrefOf)).toEqual([
      '/category/apparel?sort=price-desc&option=38%2Cm',
      '/category/apparel?sort=price-desc&option=blue%2Cm',
      '/category/apparel?sort=price-desc',
      null,
    ])
    // An option no item offers under the other filters is shown, but cannot be chosen.
    expect(chips[3]!.getAttribute('aria-disabled')).toBe('true')
    expect(chips[0]!.getAttribute('rel')).toBe('nofollow')
  })

  it('applies a price range typed leniently, in the one spelling, swapped when reversed', () => {
    const { navigated } = listed({ options: ['blue'] }, '/category/apparel?option=blue')
    expect(screen.getByText('Price ($)')).toBeTruthy()
    const min = screen.getByTestId('price-min') as HTMLInputElement
    const max = screen.getByTestId('price-max') as HTMLInputElement
    expect([min.placeholder, max.placeholder]).toEqual(['12', '98'])
    expect(min.required).toBe(false)
    fireEvent.change(min, { target: { value: '50,50' } })
    fireEvent.change(max, { target: { value: '$20' } })
    fireEvent.click(screen.getByTestId('price-apply'))
    expect(navigated).toEqual(['/category/apparel?min=20&max=50.5&option=blue'])
    fireEvent.change(min, { target: { value: 'cheap' } })
    fireEvent.click(screen.getByTestId('price-apply'))
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount such as 10 or 9.99.')
    expect(min.getAttribute('aria-invalid')).toBe('true')
    expect(navigated).toHaveLength(1)
  })

  it('lists the filters that apply, each removable, and clears them all but the sort', () => {
    listed(
      { sort: 'name', min: 1000, max: 5000, instock: true, options: ['blue', 'm'] },
      '/category/apparel?sort=name&min=10&max=50&instock=1&option=blue%2Cm',
    )
    const chips = screen.getAllByTestId('active-filter')
    expect(chips.map((chip) => [chip.textContent, hrefOf(chip)])).toEqual([
      ['$10.00 – $50.00', '/category/apparel?sort=name&instock=1&option=blue%2Cm'],
      ['In stock only', '/category/apparel?sort=name&min=10&max=50&option=blue%2Cm'],
      ['Blue', '/category/apparel?sort=name&min=10&max=50&instock=1&option=m'],
      ['M', '/category/apparel?sort=name&min=10&max=50&instock=1&option=blue'],
    ])
    expect(chips[2]!.getAttribute('aria-label')).toBe('Remove filter: Blue')
    expect(hrefOf(screen.getByTestId('clear-filters'))).toBe('/category/apparel?sort=name')
    expect((screen.getByTestId('price-min') as HTMLInputElement).value).toBe('10')
    expect(screen.getByTestId('filters-button').textContent).toBe('Filters4')
  })

  it('says when the filters match nothing, with a way out', () => {
    listed({ max: 500 }, '/category/apparel?max=5', 0)
    expect(screen.getByTestId('active-filter').textContent).toBe('Up to $5.00')
    const empty = screen.getByTestId('filters-empty')
    expect(within(empty).getByText('No items match these filters')).toBeTruthy()
    expect(hrefOf(within(empty).getByRole('link', { name: 'Clear filters' }))).toBe(
      '/category/apparel',
    )
  })

  it('has no sort or filters in a category without items', () => {
    renderPage(<CategoryView {...props} />, {
      extra: { commerce: { category: category(0), display: 'grid' } },
      href: '/category/apparel',
    })
    expect(screen.queryByTestId('filters')).toBeNull()
    expect(screen.queryByTestId('sort-select')).toBeNull()
    expect(screen.getByText('There are no items in this category yet.')).toBeTruthy()
  })

  it('opens the filters as a drawer with its button; Escape and Show results close it', () => {
    listed({}, '/category/apparel')
    const button = screen.getByTestId('filters-button')
    const filters = screen.getByTestId('filters')
    expect(button.getAttribute('aria-controls')).toBe(filters.id)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(filters.className).toContain('sw-filters-is-open')
    expect(document.documentElement.classList.contains('sw-filters-open')).toBe(true)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(filters.className).not.toContain('sw-filters-is-open')
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    fireEvent.click(screen.getByTestId('filters-done'))
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByTestId('filters-done').textContent).toBe('Show 3 items')
    expect(document.documentElement.classList.contains('sw-filters-open')).toBe(false)
  })

  it('keeps the drawer open and the focus on the filter chosen on the page it leads to', () => {
    listed({}, '/category/apparel')
    fireEvent.click(screen.getByTestId('filters-button'))
    fireEvent.click(screen.getAllByTestId('option-filter')[1]!)
    cleanup()
    // The engine mounts the page of the new address.
    listed({ options: ['blue'] }, '/category/apparel?option=blue')
    expect(screen.getByTestId('filters').className).toContain('sw-filters-is-open')
    expect(document.activeElement).toBe(screen.getAllByTestId('option-filter')[1])
    cleanup()
    // Only once: the next visit of the page starts closed.
    listed({ options: ['blue'] }, '/category/apparel?option=blue')
    expect(screen.getByTestId('filters').className).not.toContain('sw-filters-is-open')
  })

  it('works without the code: links for the sort, a price form the browser checks', () => {
    const page = serverPage(<CategoryView {...props} />, {
      extra: {
        commerce: {
          category: category(3, { listing: { ...NO_FILTERS, instock: true, options: ['blue'] } }),
          display: 'list',
        },
      },
      href: '/category/apparel?instock=1&option=blue&display=list',
    })
    expect(page.querySelector('select')).toBeNull()
    const sorts = Array.from(page.querySelectorAll('.sw-sort-menu a'))
    expect(sorts.map(hrefOf)).toEqual([
      '/category/apparel?instock=1&option=blue&display=list',
      '/category/apparel?sort=price-asc&instock=1&option=blue&display=list',
      '/category/apparel?sort=price-desc&instock=1&option=blue&display=list',
      '/category/apparel?sort=name&instock=1&option=blue&display=list',
      '/category/apparel?sort=newest&instock=1&option=blue&display=list',
    ])
    const form = page.querySelector<HTMLFormElement>('[data-testid=price-filter]')!
    expect(form.getAttribute('action')).toBe('/category/apparel')
    expect(form.getAttribute('method')).toBe('get')
    const min = form.querySelector<HTMLInputElement>('[name=min]')!
    expect(min.required).toBe(true)
    expect(min.getAttribute('pattern')).toBe('(0|[1-9][0-9]{0,7})(\\.[0-9]{0,1}[1-9])?')
    expect(
      Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]'), (input) => [
        input.name,
        input.value,
      ]),
    ).toEqual([
      ['instock', '1'],
      ['option', 'blue'],
      ['display', 'list'],
    ])
    expect(hrefOf(page.querySelector('.sw-filters-button')!)).toBe('#sw-filters')
  })
})
