import { describe, expect, it } from 'vitest'
import { readListing } from '@shopwright/plugin-commerce/shared'
import { NO_FILTERS, type ListingChoice } from './commerce.js'
import {
  decimalText,
  filterCount,
  isFiltered,
  listingHref,
  parsePrice,
  pricePattern,
  toggleOption,
  withoutFilters,
} from './listing.js'

const choice = (overrides: Partial<ListingChoice> = {}): ListingChoice => ({
  ...NO_FILTERS,
  ...overrides,
})

/** What the category page reads back from an address the theme wrote (the server's own reader). */
function readBack(href: string, places = 2) {
  const query = new URLSearchParams(href.split('?')[1] ?? '')
  return readListing((name) => query.get(name) || undefined, places)
}

describe('category addresses', () => {
  it('leave the defaults out and write the rest in the one spelling the page accepts', () => {
    expect(listingHref('/category/apparel', NO_FILTERS, 2, 'grid')).toBe('/category/apparel')
    const href = listingHref(
      '/category/apparel',
      choice({ sort: 'price-asc', min: 1000, max: 4550, instock: true, options: ['m', 'blue'] }),
      2,
      'list',
    )
    expect(href).toBe(
      '/category/apparel?sort=price-asc&min=10&max=45.5&instock=1&option=blue%2Cm&display=list',
    )
    expect(readBack(href)).toEqual({
      ok: true,
      choice: { sort: 'price-asc', min: 1000, max: 4550, instock: true, options: ['blue', 'm'] },
    })
  })

  it('toggle option values, kept sorted, and clear the filters but not the sort', () => {
    const blue = toggleOption(choice(), 'blue')
    expect(toggleOption(blue, 'm').options).toEqual(['blue', 'm'])
    expect(toggleOption(toggleOption(blue, 'm'), 'blue').options).toEqual(['m'])
    const busy = choice({ sort: 'name', min: 100, instock: true, options: ['blue', 'm'] })
    expect(isFiltered(busy)).toBe(true)
    expect(filterCount(busy)).toBe(4)
    expect(filterCount(choice({ min: 100, max: 200 }))).toBe(1)
    expect(withoutFilters(busy)).toEqual({ ...NO_FILTERS, sort: 'name' })
    expect(isFiltered(withoutFilters(busy))).toBe(false)
  })
})

describe('price fields', () => {
  it('show amounts as the address writes them', () => {
    expect(decimalText(1000, 2)).toBe('10')
    expect(decimalText(999, 2)).toBe('9.99')
    expect(decimalText(950, 2)).toBe('9.5')
    expect(decimalText(5, 2)).toBe('0.05')
    expect(decimalText(1500, 0)).toBe('1500')
  })

  it('read what shoppers type: decimal commas, grouped thousands, currency signs', () => {
    const cases: Array<[string, number | null | undefined]> = [
      ['', null],
      ['  ', null],
      ['10', 1000],
      ['9.99', 999],
      ['9,99', 999],
      ['9,5', 950],
      ['$12', 1200],
      ['12 €', 1200],
      ['1,000', 100000],
      ['1 000', 100000],
      ['1.000,50', 100050],
      ['.5', 50],
      ['9.999', 999900],
      ['9.9999', undefined],
      ['abc', undefined],
      ['-5', undefined],
      ['10000001', undefined],
    ]
    for (const [text, minor] of cases) expect(parsePrice(text, 2), text).toBe(minor)
    expect(parsePrice('1,5', 0)).toBeUndefined()
    expect(parsePrice('1,500', 0)).toBe(1500)
  })

  it("let only writeListing's spelling through the browser's own check (no code)", () => {
    const pattern = new RegExp(`^(?:${pricePattern(2)})$`)
    for (const text of ['0', '10', '9.99', '9.5', '12345678', '0.05'])
      expect(pattern.test(text), text).toBe(true)
    for (const text of ['', '10.00', '9.50', '010', '9,99', '1.', '123456789', '1.234'])
      expect(pattern.test(text), text).toBe(false)
    // Every amount the pattern takes is one the page reads and writes back the same.
    for (const text of ['10', '9.99', '9.5', '0.05']) {
      const read = readBack(`/category/x?min=${text}`)
      expect(read.ok && decimalText(read.choice.min!, 2)).toBe(text)
    }
    expect(new RegExp(`^(?:${pricePattern(0)})$`).test('12.5')).toBe(false)
  })
})
