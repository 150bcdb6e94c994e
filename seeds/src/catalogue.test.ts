import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core/shared'
import {
  CATALOGUE_FOLDER,
  CATALOGUE_IMAGES_DIR,
  CATALOGUE_URL_PREFIX,
  imageUrls,
  sampleCatalogue,
  sampleFiles,
} from './catalogue.js'
import { allSeeds } from './index.js'

/** The id rule (letters, digits, '-' and '_'); the seeds also keep ids lower case. */
const ID_RULE = /^[A-Za-z0-9_-]+$/
/** The tax codes the commerce plugin seeds; the catalogue refers to them by id. */
const TAX_CODES = new Set(['standard', 'reduced'])
/** Price levels: 1 base price, 2 to 4 alternate prices, 5 online price (what visitors pay). */
const ONLINE_PRICE = 5

interface Reference {
  reference: true
  type: string
  id: string
}
interface PriceTable {
  headers: { quantity: number }[]
  lines: Record<string, unknown>[]
}

const records = sampleCatalogue()
const categories = records.filter((record) => record.type === 'webcategory')
const items = records.filter((record) => record.type === 'item')
const parents = items.filter((item) => item.parent === undefined)
const children = items.filter((item) => item.parent !== undefined)
const childrenOf = (id: string): RecordData[] =>
  children.filter((child) => (child.parent as Reference).id === id)
const itemIds = new Set(items.map((item) => item.id))
const categoryIds = new Set(categories.map((category) => category.id))

/** Every `{ reference: true, type, id }` object anywhere inside a value. */
function referencesIn(value: unknown): Reference[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn)
  if (typeof value !== 'object' || value === null) return []
  const object = value as Record<string, unknown>
  if (object.reference === true) return [object as unknown as Reference]
  return Object.values(object).flatMap(referencesIn)
}

/** The problems of one price table (price1 holds USD lines, price2 EUR lines); [] when it is sound. */
function priceProblems(table: PriceTable, currency: 'usd' | 'eur'): string[] {
  const problems: string[] = []
  const quantities = table.headers.map((header) => header.quantity)
  if (quantities[0] !== 1) problems.push('the first header is not quantity 1')
  quantities.forEach((quantity, at) => {
    if (!Number.isInteger(quantity) || quantity < 1)
      problems.push(`header ${at + 1} is not a count`)
    if (at > 0 && quantity <= quantities[at - 1]!) problems.push('headers do not ascend')
  })
  const levels = new Set<unknown>()
  for (const line of table.lines) {
    const { pricelevel, currency: lineCurrency, ...prices } = line
    if (lineCurrency !== currency) problems.push(`a line in ${String(lineCurrency)}`)
    if (!Number.isInteger(pricelevel) || (pricelevel as number) < 1 || (pricelevel as number) > 5)
      problems.push(`price level ${String(pricelevel)}`)
    if (levels.has(pricelevel)) problems.push(`price level ${String(pricelevel)} twice`)
    levels.add(pricelevel)
    const keys = Object.keys(prices)
    if (keys.length === 0 || keys.length > quantities.length)
      problems.push(`${keys.length} prices for ${quantities.length} headers`)
    keys.forEach((key, at) => {
      if (key !== `price_${at + 1}_`) problems.push(`unexpected key ${key}`)
      const price = prices[key]
      if (typeof price !== 'number' || !(price >= 0) || Number(price.toFixed(2)) !== price)
        problems.push(`${key} is ${String(price)}`)
      // A larger quantity never costs more a unit.
      if (at > 0 && (price as number) > (prices[keys[at - 1]!] as number))
        problems.push(`${key} is more than the price before it`)
    })
  }
  if (!levels.has(ONLINE_PRICE)) problems.push('no online price (level 5)')
  return problems
}

/** Width and height of a WebP file, read from its first chunk (VP8, VP8L or VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP')
    return null
  const chunk = bytes.toString('ascii', 12, 16)
  if (chunk === 'VP8 ')
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X')
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
  return null
}

describe('the sample catalogue', () => {
  it('has five or six online categories, each with its intro, picture and French', () => {
    expect(categories.length).toBeGreaterThanOrEqual(5)
    expect(categories.length).toBeLessThanOrEqual(6)
    expect(categories.map((category) => category.sequence)).toEqual(
      categories.map((_, at) => at + 1),
    )
    for (const category of categories) {
      expect(category.urlcomponent, category.id).toBe(category.id)
      expect(category.online, category.id).toBe(true)
      expect(category.custrecord_web_webcat_content, category.id).toMatch(/^<p>.+<\/p>$/)
      expect(category.storedisplayimage, category.id).toMatchObject({ alt: expect.any(String) })
      const fr = (category.translations as { fr: Record<string, string> }).fr
      expect(fr.name, category.id).toBeTruthy()
      expect(fr.name, category.id).not.toBe(category.name)
      expect(fr.custrecord_web_webcat_content, category.id).toMatch(/^<p>.+<\/p>$/)
    }
  })

  it('has at least 40 items to buy, with valid ids equal to their URL components', () => {
    expect(parents.length).toBeGreaterThanOrEqual(40)
    const keys = new Set(records.map((record) => `${record.type}/${record.id}`))
    expect(keys.size).toBe(records.length)
    for (const record of records) {
      expect(record.id).toMatch(ID_RULE)
      expect(record.id).toBe(record.id.toLowerCase())
    }
    for (const item of items) {
      expect(item.urlcomponent, item.id).toBe(item.id)
      expect(item.itemid, item.id).toBeTruthy()
      expect(item.displayname, item.id).toBeTruthy()
      expect(typeof item.online, item.id).toBe('boolean')
      expect(Number.isInteger(item.stock) && (item.stock as number) >= 0, item.id).toBe(true)
    }
  })

  it('points every reference at a category, item or tax code that exists', () => {
    const references = records.flatMap((record) => referencesIn(record))
    expect(references.length).toBeGreaterThan(items.length)
    for (const { type, id } of references) {
      const known =
        type === 'webcategory'
          ? categoryIds.has(id)
          : type === 'item'
            ? itemIds.has(id)
            : type === 'taxcode' && TAX_CODES.has(id)
      expect(known, `${type}/${id}`).toBe(true)
    }
    for (const item of parents) {
      expect((item.primarycategory as Reference).type, item.id).toBe('webcategory')
      expect(Array.isArray(item.categories), item.id).toBe(true)
    }
    for (const item of items) expect((item.taxcode as Reference).type, item.id).toBe('taxcode')
    // Food and books are taxed at the reduced rate.
    const reduced = parents.filter((item) => (item.taxcode as Reference).id === 'reduced')
    expect(reduced.map((item) => (item.primarycategory as Reference).id)).toContain('pantry')
    expect(reduced.some((item) => item.id === 'pocket-atlas')).toBe(true)
  })

  it('gives at least four parents two to six children, which carry the stock', () => {
    const withChildren = parents.filter((item) => childrenOf(item.id).length > 0)
    expect(withChildren.length).toBeGreaterThanOrEqual(4)
    for (const parent of withChildren) {
      expect(childrenOf(parent.id).length, parent.id).toBeGreaterThanOrEqual(2)
      expect(childrenOf(parent.id).length, parent.id).toBeLessThanOrEqual(6)
      expect(parent.stock, parent.id).toBe(0)
    }
    for (const child of children) {
      const parent = items.find((item) => item.id === (child.parent as Reference).id)
      expect(parent?.parent, `${child.id}: a child's parent is not a child`).toBeUndefined()
      expect(child.id.startsWith(`${parent!.id}-`), child.id).toBe(true)
      expect(child.itemid, child.id).toMatch(new RegExp(`^${String(parent!.itemid)} : `))
      expect(child.stock as number, child.id).toBeGreaterThan(0)
    }
  })

  it('prices every item in USD (price1) and EUR (price2), with sound lines', () => {
    for (const item of items) {
      // A child without prices of its own inherits its parent's.
      if (item.parent !== undefined && item.price1 === undefined && item.price2 === undefined)
        continue
      expect(priceProblems(item.price1 as PriceTable, 'usd'), `${item.id} price1`).toEqual([])
      expect(priceProblems(item.price2 as PriceTable, 'eur'), `${item.id} price2`).toEqual([])
    }
    expect(children.some((child) => child.price1 !== undefined)).toBe(true)
  })

  it('gives about a third quantity breaks, several at 10 units, and a few a base price', () => {
    const headers = (item: RecordData) => (item.price1 as PriceTable).headers
    const breaks = parents.filter((item) => headers(item).length > 1)
    expect(breaks.length).toBeGreaterThanOrEqual(Math.floor(parents.length / 4))
    expect(breaks.length).toBeLessThanOrEqual(Math.ceil(parents.length / 2))
    expect(breaks.filter((item) => headers(item)[1]?.quantity === 10).length).toBeGreaterThan(3)
    const base = parents.filter((item) =>
      (item.price1 as PriceTable).lines.some((line) => line.pricelevel === 1),
    )
    expect(base.length).toBeGreaterThanOrEqual(2)
  })

  it('hides a couple of items, and has one out of stock and one with low stock', () => {
    const buyable = items.filter((item) => childrenOf(item.id).length === 0)
    expect(items.filter((item) => item.online === false).length).toBeGreaterThanOrEqual(2)
    expect(buyable.filter((item) => item.online && item.stock === 0).length).toBeGreaterThanOrEqual(
      1,
    )
    expect(
      buyable.filter(
        (item) => item.online && (item.stock as number) > 0 && (item.stock as number) <= 10,
      ).length,
    ).toBeGreaterThanOrEqual(1)
  })

  it('names every item in French and describes most of them', () => {
    const fr = (item: RecordData) =>
      ((item.translations as { fr?: Record<string, string> } | undefined)?.fr ?? {}) as Record<
        string,
        string
      >
    for (const item of items) expect(fr(item).displayname, item.id).toBeTruthy()
    const translatedNames = parents.filter((item) => fr(item).displayname !== item.displayname)
    expect(translatedNames.length).toBeGreaterThan(parents.length * 0.9)
    const described = parents.filter((item) =>
      /^<p>.+<\/p>$/.test(fr(item).storedetaileddescription ?? ''),
    )
    expect(described.length).toBeGreaterThan(parents.length * 0.8)
    for (const item of parents)
      expect(item.storedetaileddescription, item.id).toMatch(/^<p>.+<\/p>$/)
  })

  it('gives every item a picture with alt text, and about ten a gallery of one to three', () => {
    for (const item of parents) {
      expect(item.storedisplayimage, item.id).toMatchObject({
        url: expect.any(String),
        alt: expect.any(String),
      })
      expect(item.storedisplaythumbnail, item.id).toMatchObject({
        url: expect.any(String),
        alt: expect.any(String),
      })
    }
    const galleries = parents.filter((item) => item.gallery !== undefined)
    expect(galleries.length).toBeGreaterThanOrEqual(8)
    for (const item of galleries) {
      const gallery = item.gallery as { url: string; alt: string }[]
      expect(gallery.length, item.id).toBeGreaterThanOrEqual(1)
      expect(gallery.length, item.id).toBeLessThanOrEqual(3)
      for (const image of gallery) expect(image.alt, item.id).toBeTruthy()
    }
  })

  it('names only pictures it ships, and ships only pictures it names', () => {
    const named = new Set<string>()
    for (const url of imageUrls(records)) {
      expect(url.startsWith(CATALOGUE_URL_PREFIX), url).toBe(true)
      named.add(url.slice(CATALOGUE_URL_PREFIX.length))
    }
    expect([...named].sort()).toEqual(readdirSync(CATALOGUE_IMAGES_DIR).sort())
  })

  it('ships its pictures as small 3:4 WebP files, 900 x 1200', () => {
    let total = 0
    for (const file of readdirSync(CATALOGUE_IMAGES_DIR)) {
      const bytes = readFileSync(path.join(CATALOGUE_IMAGES_DIR, file))
      expect(webpSize(bytes), file).toEqual({ width: 900, height: 1200 })
      expect(bytes.length, file).toBeLessThanOrEqual(30 * 1024)
      total += bytes.length
    }
    expect(total).toBeLessThan(3 * 1024 * 1024)
  })

  it('survives a JSON round trip and gives a fresh copy on every call', () => {
    expect(JSON.parse(JSON.stringify(records))).toEqual(records)
    const first = sampleCatalogue()
    first[0]!.name = 'changed'
    expect(sampleCatalogue()[0]!.name).not.toBe('changed')
  })

  it('is part of allSeeds', () => {
    const seeds = new Map(allSeeds().map((record) => [`${record.type}/${record.id}`, record]))
    for (const record of records) expect(seeds.get(`${record.type}/${record.id}`)).toEqual(record)
  })
})

describe('sampleFiles', () => {
  const files = sampleFiles()

  it('maps each picture the catalogue names to its drive path and committed file', () => {
    expect(files.size).toBe(new Set(imageUrls(records)).size)
    for (const [drivePath, file] of files) {
      expect(drivePath).toMatch(new RegExp(`^${CATALOGUE_FOLDER}/[a-z0-9-]+\\.webp$`))
      expect(path.isAbsolute(file), file).toBe(true)
      expect(path.basename(file)).toBe(path.basename(drivePath))
      expect(existsSync(file), file).toBe(true)
    }
    expect(files.get(`${CATALOGUE_FOLDER}/classic-tee-1.webp`)).toBe(
      path.join(CATALOGUE_IMAGES_DIR, 'classic-tee-1.webp'),
    )
  })

  it('gives the path the records load each picture from', () => {
    for (const url of imageUrls(records))
      expect(files.has(url.slice('/query/drive/load/'.length)), url).toBe(true)
  })
})
