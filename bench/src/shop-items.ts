/**
 * The search scenario's catalogue (scenarios/search.ts): 100,000 listed items made
 * deterministically from a number, with English and French names ("Oak Walnut Lamp", "Lampe noyer
 * chêne"), a description, a SKU, prices in dollars and euros and a stock count, all in one
 * category; and the rows the records plugin and commerce keep of each, as they write them. Pure:
 * no I/O here.
 */

/** The category every bench item is listed in. */
export const SHELF = { id: 'bench-shelf', name: 'Bench Shelf', fr: 'Étagère du banc' } as const

// [English, French] pairs: names are an adjective, a material and a noun.
const ADJECTIVES = [
  ['Classic', 'classique'],
  ['Compact', 'compact'],
  ['Rustic', 'rustique'],
  ['Modern', 'moderne'],
  ['Vintage', 'ancien'],
  ['Sturdy', 'robuste'],
  ['Folding', 'pliant'],
  ['Round', 'rond'],
  ['Square', 'carré'],
  ['Tall', 'haut'],
  ['Small', 'petit'],
  ['Large', 'grand'],
  ['Light', 'léger'],
  ['Heavy', 'lourd'],
  ['Glazed', 'émaillé'],
  ['Woven', 'tissé'],
  ['Polished', 'poli'],
  ['Brushed', 'brossé'],
  ['Painted', 'peint'],
  ['Carved', 'sculpté'],
] as const
const MATERIALS = [
  ['Oak', 'chêne'],
  ['Walnut', 'noyer'],
  ['Linen', 'lin'],
  ['Copper', 'cuivre'],
  ['Brass', 'laiton'],
  ['Ceramic', 'céramique'],
  ['Cotton', 'coton'],
  ['Wool', 'laine'],
  ['Marble', 'marbre'],
  ['Glass', 'verre'],
  ['Steel', 'acier'],
  ['Bamboo', 'bambou'],
  ['Leather', 'cuir'],
  ['Cork', 'liège'],
  ['Stone', 'pierre'],
  ['Velvet', 'velours'],
] as const
const NOUNS = [
  ['Lamp', 'Lampe'],
  ['Bowl', 'Bol'],
  ['Chair', 'Chaise'],
  ['Table', 'Table'],
  ['Vase', 'Vase'],
  ['Mug', 'Tasse'],
  ['Basket', 'Panier'],
  ['Cushion', 'Coussin'],
  ['Blanket', 'Couverture'],
  ['Shelf', 'Étagère'],
  ['Clock', 'Horloge'],
  ['Mirror', 'Miroir'],
  ['Tray', 'Plateau'],
  ['Candle', 'Bougie'],
  ['Jar', 'Bocal'],
  ['Stool', 'Tabouret'],
  ['Rug', 'Tapis'],
  ['Kettle', 'Bouilloire'],
  ['Teapot', 'Théière'],
  ['Planter', 'Jardinière'],
  ['Frame', 'Cadre'],
  ['Box', 'Boîte'],
  ['Hook', 'Crochet'],
  ['Bench', 'Banc'],
  ['Lantern', 'Lanterne'],
] as const
const DESCRIPTIONS = [
  'Made by hand in a small workshop and finished to last for years of daily use.',
  'A quiet, simple shape that sits well in a kitchen, a hall or a study.',
  'Sold with a care card; wipe clean with a soft cloth and keep away from frost.',
  'Each piece differs a little in grain and tone, as natural materials do.',
] as const

/** The price level and currency the bench visitor is priced at (an anonymous visitor's). */
export const BENCH_LEVEL = 5

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!

/** The English and French words of item `n` (1-based): the noun turns fastest, then the material, then the adjective. */
export function itemWords(n: number) {
  const noun = pick(NOUNS, n)
  const material = pick(MATERIALS, Math.floor(n / NOUNS.length))
  const adjective = pick(ADJECTIVES, Math.floor(n / (NOUNS.length * MATERIALS.length)))
  return {
    en: `${adjective[0]} ${material[0]} ${noun[0]}`,
    fr: `${noun[1]} en ${material[1]} ${adjective[1]}`,
    noun: noun[0],
  }
}

/** The id of item `n`. */
export const itemId = (n: number): string => `bench-item-${n}`

/** Item `n`'s listed price in cents: 5.99 to 204.99 dollars (euros: 10% less, rounded). */
export function itemCents(n: number): { usd: number; eur: number } {
  const usd = ((n * 37) % 200) * 100 + 599
  return { usd, eur: Math.round(usd * 0.9) }
}

/** Units on hand: one item in seven has none. */
export const itemStock = (n: number): number => (n % 7 === 0 ? 0 : (n % 40) + 1)

const matrix = (currency: string, cents: number) => ({
  headers: [{ quantity: 1 }],
  lines: [{ pricelevel: BENCH_LEVEL, currency, price_1_: cents / 100 }],
})

const reference = (type: string, id: string) => ({ reference: true, type, id })

/** Item `n`'s record body (its fields without type and id), as the catalogue guard stores one. */
export function itemBody(n: number): Record<string, unknown> {
  const words = itemWords(n)
  const cents = itemCents(n)
  return {
    itemid: `BX-${String(n).padStart(6, '0')}`,
    displayname: words.en,
    urlcomponent: itemId(n),
    storedetaileddescription: `<p>${pick(DESCRIPTIONS, n)}</p>`,
    online: true,
    primarycategory: reference('webcategory', SHELF.id),
    stock: itemStock(n),
    price1: matrix('usd', cents.usd),
    price2: matrix('eur', cents.eur),
    translations: { fr: { displayname: words.fr } },
  }
}

/** The category's record body. */
export function shelfBody(): Record<string, unknown> {
  return { name: SHELF.name, online: true, sequence: 99, translations: { fr: { name: SHELF.fr } } }
}

/** How many of items 1..count have `noun` in their name. */
export function countWithNoun(noun: string, count: number): number {
  let found = 0
  for (let n = 1; n <= count; n++) if (itemWords(n).noun === noun) found++
  return found
}
