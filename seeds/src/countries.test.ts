import { describe, expect, it } from 'vitest'
import { countryRecords } from './countries.js'

const countries = countryRecords()
const byId = new Map(countries.map((country) => [country.id, country]))

describe('country records', () => {
  it('covers the ISO 3166-1 countries', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240)
  })

  it.each([
    ['us', 'United States', 'usd', '+1', 'en'],
    ['fr', 'France', 'eur', '+33', 'fr'],
    ['gb', 'United Kingdom', 'gbp', '+44', 'en'],
  ])(
    '%s has its name, currency, phone code and language',
    (id, name, currency, phonecode, language) => {
      const country = byId.get(id)
      expect(country).toMatchObject({
        type: 'country',
        id,
        name,
        currency: { reference: true, type: 'currency', id: currency },
        phonecode,
        language,
      })
    },
  )

  it('translates names into French', () => {
    expect(byId.get('gb')?.translations).toEqual({ fr: 'Royaume-Uni' })
    expect(byId.get('de')?.translations).toEqual({ fr: 'Allemagne' })
  })

  it('spans the UTC offsets of every zone, daylight-saving time included, in minutes', () => {
    // Hawaii (-600, no DST) to Eastern daylight time (-240); Chamorro time on Guam is a separate country.
    expect(byId.get('us')).toMatchObject({ timezonemin: -600, timezonemax: -240 })
    expect(byId.get('fr')).toMatchObject({ timezonemin: 60, timezonemax: 120 })
    expect(byId.get('gb')).toMatchObject({ timezonemin: 0, timezonemax: 60 })
  })

  it('uses one phone code form, "+" then digits, for every country', () => {
    for (const country of countries) expect(country.phonecode).toMatch(/^\+\d+$/)
  })

  it('lists regions with ids that pass the id rule and are unique per country', () => {
    const regions = byId.get('us')?.regions as { id: string; name: string }[]
    expect(regions).toContainEqual({ id: 'ca', name: 'California' })
    for (const country of countries) {
      const list = country.regions as { id: string; name: string }[]
      const ids = list.map((region) => region.id)
      for (const id of ids) expect(id).toMatch(/^[a-z0-9_-]+$/)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  it('gives every country a language and a known time zone where the data has one', () => {
    for (const country of countries) {
      expect(country.language).toMatch(/^[a-z]{2}$/)
      if (country.timezonemin !== null) {
        expect(country.timezonemin as number).toBeLessThanOrEqual(country.timezonemax as number)
      }
    }
  })
})
