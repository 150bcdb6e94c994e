/** Answers shaped as the commerce plugin gives them, for the theme's component tests. */
import type {
  CartAnswer,
  CartLineAnswer,
  CheckoutAnswer,
  ItemAnswer,
  ListItemAnswer,
} from '../lib/commerce.js'

const image = (name: string) => ({
  url: `/query/drive/load/public/catalogue/${name}.webp`,
  alt: name,
})

/** A list item of the sample catalogue. */
export function listItem(id: string, overrides: Partial<ListItemAnswer> = {}): ListItemAnswer {
  return {
    id,
    displayname: id.replace(/-/g, ' '),
    storedetaileddescription: `<p>About ${id}.</p>`,
    urlcomponent: id,
    storedisplaythumbnail: image(`${id}-1`),
    price: { amount: 1800, currency: 'usd' },
    instock: true,
    haschildren: false,
    ...overrides,
  }
}

const BREAKS = [
  { quantity: 1, amount: 2400 },
  { quantity: 10, amount: 2160 },
  { quantity: 50, amount: 1920 },
]

/** The sample's Classic Tee: options by colour and size, breaks at 10 and 50. */
export function classicTee(): ItemAnswer {
  const child = (colour: string, size: string, available: number) => ({
    id: `classic-tee-${colour.toLowerCase()}-${size.toLowerCase()}`,
    displayname: `Classic Tee, ${colour}, ${size}`,
    itemid: `Classic Tee : ${colour} : ${size}`,
    sku: size,
    price: { amount: 2400, currency: 'usd' },
    breaks: BREAKS,
    available,
    storedisplayimage: colour === 'Red' ? image('classic-tee-red') : null,
    options: [colour, size],
  })
  return {
    ...listItem('classic-tee', {
      displayname: 'Classic Tee',
      price: { amount: 2400, currency: 'usd' },
      haschildren: true,
    }),
    itemid: 'Classic Tee',
    storedisplayimage: image('classic-tee-1'),
    gallery: [image('classic-tee-2'), image('classic-tee-3')],
    breaks: BREAKS,
    available: 0,
    children: [child('Blue', 'M', 25), child('Blue', 'L', 0), child('Red', 'M', 12)],
    // As a parent without option names is answered when its values differ in shape: one list.
    options: [],
    primarycategory: 'apparel',
  }
}

/** The Classic Tee with its options as Colour and Size pickers (its parent names them). */
export function classicTeeByOption(): ItemAnswer {
  return {
    ...classicTee(),
    options: [
      { name: 'Colour', values: ['Blue', 'Red'] },
      { name: 'Size', values: ['M', 'L'] },
    ],
  }
}

/** The sample's Ceramic Mug: no options, breaks at 10 and 50. */
export function ceramicMug(): ItemAnswer {
  return {
    ...listItem('ceramic-mug', { displayname: 'Ceramic Mug' }),
    itemid: 'Ceramic Mug',
    storedisplayimage: image('ceramic-mug-1'),
    gallery: [image('ceramic-mug-2')],
    breaks: [
      { quantity: 1, amount: 1800 },
      { quantity: 10, amount: 1620 },
      { quantity: 50, amount: 1440 },
    ],
    available: 150,
    children: [],
    options: [],
    primarycategory: 'home-kitchen',
  }
}

/** A cart line. */
export function cartLine(overrides: Partial<CartLineAnswer> = {}): CartLineAnswer {
  return {
    id: 'line1',
    item: 'ceramic-mug',
    displayname: 'Ceramic Mug',
    itemid: 'Ceramic Mug',
    sku: 'Ceramic Mug',
    thumbnail: image('ceramic-mug-1'),
    quantity: 12,
    rate: 1620,
    amount: 19440,
    tax: 0,
    taxcode: 'standard',
    available: 150,
    purchasable: true,
    ...overrides,
  }
}

/** A cart of the given lines, totalled. */
export function cart(lines: CartLineAnswer[], overrides: Partial<CartAnswer> = {}): CartAnswer {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
  const standard = { id: 'standard', name: 'Standard', rate: subtotal >= 5000 ? 0 : 500 }
  return {
    currency: { id: 'usd', code: 'USD', places: 2 },
    lines,
    count: lines.length,
    subtotal,
    taxtotal: 0,
    shipping: lines.length ? standard.rate : 0,
    total: subtotal + (lines.length ? standard.rate : 0),
    shipmethod: standard,
    shipmethods: [standard, { id: 'express', name: 'Express', rate: 1500 }],
    shipaddress: null,
    purchasable: lines.length > 0 && lines.every((line) => line.purchasable),
    ...overrides,
  }
}

/** A checkout review: a cart shipped to Ada's address, with her saved Visa. */
export function review(overrides: Partial<CheckoutAnswer> = {}): CheckoutAnswer {
  const address = {
    id: '1',
    addressee: 'Ada',
    addr1: '1 Main Street',
    addr2: '',
    city: 'Lyon',
    state: '',
    zip: '69001',
    country: 'fr',
    addrphone: '',
  }
  return {
    cart: cart([cartLine()], { shipaddress: address }),
    addresses: [address],
    cards: [
      {
        internalid: 'c1',
        ccname: 'Ada',
        ccexpiredate: '12/2030',
        paymentmethod: 'Visa',
        last4: '1111',
        ccdefault: true,
      },
    ],
    terms: null,
    creditlimit: null,
    guest: null,
    ...overrides,
  }
}
