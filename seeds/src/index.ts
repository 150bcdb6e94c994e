import type { RecordData } from '@shopwright/core/shared'
import { sampleCatalogue } from './catalogue.js'
import { sampleCompany } from './company.js'
import { countryRecords } from './countries.js'
import { currencyRecords } from './currencies.js'
import { languageListType } from './languages.js'

export { sampleCompany }
export { CATALOGUE_FOLDER, sampleCatalogue, sampleFiles } from './catalogue.js'
// The spec's right-to-left rule lives in core (shared with the browsers); seeds re-exports it.
export { isRightToLeft } from '@shopwright/client'

/** Countries, the language list type and currencies, built from their npm packages on each call. */
export function referenceData(): RecordData[] {
  const countries = countryRecords()
  const countryCurrencies = countries.flatMap(({ currency }) => {
    const id = (currency as { id?: unknown } | null)?.id
    return typeof id === 'string' ? [id] : []
  })
  return [...countries, languageListType(), ...currencyRecords(countryCurrencies)]
}

/**
 * Every seed record: the reference data, then the sample company, then its catalogue. Where two
 * hold a (type, id) the later one wins, in the earlier record's place (usd and eur carry the
 * company's formats).
 */
export function allSeeds(): RecordData[] {
  const byKey = new Map<string, RecordData>()
  for (const record of [...referenceData(), ...sampleCompany(), ...sampleCatalogue()]) {
    byKey.set(`${record.type}/${record.id}`, record)
  }
  return [...byKey.values()]
}
