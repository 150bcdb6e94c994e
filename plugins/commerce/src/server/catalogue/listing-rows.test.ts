import { describe, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core'
import { isListed, listingRows } from './listing-rows.js'

const ref = (type: string, id: string) => ({ reference: true, type, id })
const matrix = (currency: string, level: number, price: number) => ({
  headers: [{ quantity: 1 }],
  lines: [{ pricelevel: level, currency, price_1_: price }],
})

const tee: RecordData = {
  type: 'item',
  id: 'tee',
  itemid: 'Tee',
  displayname: 'Tee',
  storedetaileddescription: '<p>Soft &amp; <b>thick</b></p>',
  online: true,
  primarycategory: ref('webcategory', 'apparel'),
  storedisplayimage: { url: '/img/tee.webp', alt: 'A tee' },
  price1: matrix('usd', 5, 20),
  price2: matrix('jpy', 5, 2500),
  translations: { fr: { displayname: 'T-shirt', storedetaileddescription: '<p>Doux</p>' } },
}
/** One of the tee's options (a child item): its colour and size, and what else it sets. */
const option = (colour: string, size: string, fields: Partial<RecordData>): RecordData => ({
  type: 'item',
  id: `tee-${colour.toLowerCase()}-${size.toLowerCase()}`,
  itemid: `Tee : ${colour} : ${size}`,
  displayname: `Tee, ${colour}, ${size}`,
  parent: ref('item', 'tee'),
  online: true,
  ...fields,
})
const blueS = option('Blue', 'S', {
  price1: matrix('usd', 5, 18),
  translations: { fr: { displayname: 'T-shirt, bleu, S', options: 'Bleu : S' } },
})
// Its own price at another level only: at level 5 it takes the tee's.
const redM = option('Red', 'M', { price1: matrix('usd', 1, 15) })
const apparel: RecordData = {
  type: 'webcategory',
  id: 'apparel',
  name: 'Apparel',
  translations: { fr: { name: 'Vêtements' } },
}

describe('listingRows: what the index keeps of a listed item', () => {
  const rows = listingRows(
    { record: tee, options: [blueS, redM], categories: [apparel] },
    { languages: ['en-us', 'fr'], places: (currency) => (currency === 'jpy' ? 0 : 2) },
  )

  it('lists it per language, translated as the catalogue translates', () => {
    expect(rows.listing).toEqual([
      {
        item: 'tee',
        language: 'en-us',
        displayname: 'Tee',
        description: '<p>Soft &amp; <b>thick</b></p>',
        urlcomponent: 'tee',
        thumbnail: JSON.stringify({ url: '/img/tee.webp', alt: 'A tee' }),
        sortname: 'tee',
      },
      {
        item: 'tee',
        language: 'fr',
        displayname: 'T-shirt',
        description: '<p>Doux</p>',
        urlcomponent: 'tee',
        thumbnail: JSON.stringify({ url: '/img/tee.webp', alt: 'A tee' }),
        sortname: 't-shirt',
      },
    ])
  })

  it('prices it "from" its cheapest option, per level and currency, in minor units', () => {
    expect(rows.prices).toEqual([
      { item: 'tee', level: 5, currency: 'usd', amount: 1800 },
      { item: 'tee', level: 5, currency: 'jpy', amount: 2500 },
      { item: 'tee', level: 1, currency: 'usd', amount: 1500 },
    ])
  })

  it('keeps its options values by place, and finds it by name, SKUs, options, description and categories', () => {
    expect(rows.options).toEqual([
      {
        item: 'tee',
        child: 'tee-blue-s',
        position: 0,
        value: 'Blue',
        slug: 'blue',
        // Only where the translation differs, in the site's languages.
        labels: '{"fr":"Bleu"}',
      },
      { item: 'tee', child: 'tee-blue-s', position: 1, value: 'S', slug: 's', labels: null },
      { item: 'tee', child: 'tee-red-m', position: 0, value: 'Red', slug: 'red', labels: null },
      { item: 'tee', child: 'tee-red-m', position: 1, value: 'M', slug: 'm', labels: null },
    ])
    expect(rows.documents[1]).toEqual({
      item: 'tee',
      language: 'fr',
      name: 'T-shirt',
      texts: [
        'Tee',
        'Tee : Blue : S',
        'Tee : Red : M',
        'T-shirt, bleu, S',
        'Tee, Red, M',
        ' Doux ',
      ],
      categories: ['Vêtements'],
    })
  })

  it('lists online items without a parent only', () => {
    expect(isListed(tee)).toBe(true)
    expect(isListed(blueS)).toBe(false)
    expect(isListed({ ...tee, online: false })).toBe(false)
    expect(isListed(null)).toBe(false)
  })
})
