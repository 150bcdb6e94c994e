import { describe, expect, it } from 'vitest'
import { allSeeds, referenceData, sampleCatalogue, sampleCompany } from './index.js'

/** The id rule: non-empty, only letters, digits, '-' and '_'; seeds also keep them lower-case. */
const ID_RULE = /^[a-z0-9_-]+$/

const seeds = allSeeds()
const key = (record: { type: string; id: string }) => `${record.type}/${record.id}`
const byKey = new Map(seeds.map((record) => [key(record), record]))

/** Every `{ reference: true, type, id }` object anywhere inside a value. */
function referencesIn(value: unknown): { type: string; id: string }[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn)
  if (typeof value !== 'object' || value === null) return []
  const object = value as Record<string, unknown>
  if (object.reference === true) return [{ type: String(object.type), id: String(object.id) }]
  return Object.values(object).flatMap(referencesIn)
}

describe('allSeeds', () => {
  it('gives every record a type and an id that pass the id rule', () => {
    for (const record of seeds) {
      expect(record.type).toMatch(ID_RULE)
      expect(record.id).toMatch(ID_RULE)
    }
  })

  it('holds each (type, id) once', () => {
    expect(byKey.size).toBe(seeds.length)
  })

  it('is the reference data, the company then its catalogue, the company winning', () => {
    const reference = referenceData()
    const company = sampleCompany()
    expect(seeds.length).toBe(byKey.size)
    expect(new Set([...reference, ...company, ...sampleCatalogue()].map(key)).size).toBe(
      seeds.length,
    )
    expect(byKey.get('currency/eur')?.format).toBe('€#.##0,00')
    expect(byKey.get('currency/usd')?.format).toBe('$#,##0.00')
    // The override keeps the generated record's place among the currencies.
    expect(seeds.findIndex((record) => key(record) === 'currency/eur')).toBe(
      reference.findIndex((record) => key(record) === 'currency/eur'),
    )
  })

  it('resolves every reference to a seeded record, except configuration types and tax codes', () => {
    // Configuration types belong to the plugin that defines the configuration screens, tax codes
    // to the commerce plugin; catalogue.test.ts checks the tax codes the catalogue names.
    const references = seeds.flatMap((record) => referencesIn(record))
    expect(references.length).toBeGreaterThan(0)
    for (const reference of references) {
      if (reference.type === 'configurationtype' || reference.type === 'taxcode') continue
      expect(byKey.has(key(reference)), key(reference)).toBe(true)
    }
  })

  it('gives every country a currency that exists as a record', () => {
    for (const country of seeds.filter((record) => record.type === 'country')) {
      if (country.currency === null) continue
      expect(
        byKey.has(`currency/${(country.currency as { id: string }).id}`),
        String(country.id),
      ).toBe(true)
    }
  })

  it('offers web languages that the language list type holds', () => {
    const values = byKey.get('listtype/language')?.values as { id: string }[]
    const languages = byKey.get('configuration/web')?.languages as string[]
    for (const language of languages) expect(values.map((value) => value.id)).toContain(language)
    expect(values.map((value) => value.id)).toContain(byKey.get('location/worldwide')?.language)
  })

  it('survives a JSON round trip, as the record store keeps JSON bodies', () => {
    expect(JSON.parse(JSON.stringify(seeds))).toEqual(seeds)
  })
})
