import { describe, expect, it } from 'vitest'
import { NO_FILTERS, optionKey, readListing, writeListing, type ListingChoice } from './listing.js'

const read = (query: string, places = 2) => {
  const params = new URLSearchParams(query)
  return readListing((name) => params.get(name) || undefined, places)
}

describe('readListing: a category list sort and filters from its address', () => {
  it('answers the defaults for none', () => {
    expect(read('')).toEqual({ ok: true, choice: NO_FILTERS })
  })

  it('reads prices as displayed into minor units of the currency', () => {
    expect(read('min=9.99&max=20')).toMatchObject({ ok: true, choice: { min: 999, max: 2000 } })
    expect(read('min=1.5', 0)).toEqual({ ok: false, reason: 'min has more than 0 decimals' })
    expect(read('min=150', 0)).toMatchObject({ choice: { min: 150 } })
    expect(read('max=10000000')).toMatchObject({ choice: { max: 1_000_000_000 } })
  })

  it('folds option values into sorted, distinct keys', () => {
    expect(read('option=Blue,blue,Dark%20Red,,Écru')).toMatchObject({
      choice: { options: ['blue', 'dark-red', 'ecru'] },
    })
  })

  it.each([
    ['sort=cheap', 'sort must be one of featured, price-asc, price-desc, name, newest'],
    ['min=x', 'min must be an amount such as 10 or 9.99'],
    ['max=-2', 'max must be an amount such as 10 or 9.99'],
    ['max=1e3', 'max must be an amount such as 10 or 9.99'],
    ['max=10000000.01', 'max must be at most 10000000'],
    ['min=5&max=4', 'min must not be above max'],
    ['instock=true', 'instock must be 1 or 0'],
    [
      `option=${Array.from({ length: 21 }, (_, n) => `v${n}`).join(',')}`,
      'option names at most 20 values',
    ],
    [`option=${'x'.repeat(1300)}`, 'option is too long'],
  ])('refuses %s', (query, reason) => {
    expect(read(query)).toEqual({ ok: false, reason })
  })
})

describe('writeListing: the one spelling of a choice', () => {
  it('leaves defaults out, trims trailing zeros and sorts the options', () => {
    const choice: ListingChoice = {
      sort: 'price-asc',
      min: 1000,
      max: 1250,
      instock: true,
      options: ['m', 'blue'],
    }
    expect(writeListing(choice, 2)).toEqual([
      ['sort', 'price-asc'],
      ['min', '10'],
      ['max', '12.5'],
      ['instock', '1'],
      ['option', 'blue,m'],
    ])
    expect(writeListing(NO_FILTERS, 2)).toEqual([])
    expect(writeListing({ ...NO_FILTERS, min: 5 }, 2)).toEqual([['min', '0.05']])
    expect(writeListing({ ...NO_FILTERS, max: 7 }, 0)).toEqual([['max', '7']])
  })

  it('reads back what it writes', () => {
    const choice: ListingChoice = {
      sort: 'newest',
      min: 99,
      max: null,
      instock: false,
      options: ['38', 'red'],
    }
    const written = new URLSearchParams(writeListing(choice, 2)).toString()
    expect(read(written)).toEqual({ ok: true, choice })
  })
})

describe('optionKey', () => {
  it.each([
    ['Blue', 'blue'],
    ['Dark Red', 'dark-red'],
    ['  Écru / Sable ', 'ecru-sable'],
    ['A5', 'a5'],
    ['__proto__', 'proto'],
    ['---', ''],
  ])('%s is %s', (value, key) => {
    expect(optionKey(value)).toBe(key)
  })
})
