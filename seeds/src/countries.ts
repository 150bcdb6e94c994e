import type { RecordData } from '@shopwright/core/shared'
import timezones from 'countries-and-timezones'
import { countries, type TCountryCode } from 'countries-list'
import isoCountries from 'i18n-iso-countries'
import { regionsByCountry } from './regions.js'
import { translate } from './translated-languages.js'

/**
 * The language of a country with no spoken language in the data (Antarctica): a location's default
 * language, en.
 */
const FALLBACK_LANGUAGE = 'en'

/**
 * One `country/<iso2>` record per ISO 3166-1 alpha-2 code that i18n-iso-countries knows (which also
 * carries XK, Kosovo, a user-assigned code shops ship to), with names, language, phone code and
 * currency from countries-list, UTC offsets from countries-and-timezones and regions from
 * country-region-data.
 */
export function countryRecords(): RecordData[] {
  const regions = regionsByCountry()
  return Object.keys(isoCountries.getAlpha2Codes())
    .filter(isListedCountry) // a code countries-list does not know yet has no language or currency
    .sort()
    .map((code): RecordData => {
      const data = countries[code]
      const [timezonemin, timezonemax] = offsetRange(code)
      return {
        type: 'country',
        id: code.toLowerCase(),
        name: data.name,
        language: data.languages[0] ?? FALLBACK_LANGUAGE,
        phonecode: data.phone[0] === undefined ? null : `+${data.phone[0]}`,
        timezonemin,
        timezonemax,
        currency: currencyReference(data.currency[0]),
        regions: regions.get(code) ?? [],
        translations: translate((language) => isoCountries.getName(code, language)),
      }
    })
}

/** True when countries-list has data for an alpha-2 code. */
function isListedCountry(code: string): code is TCountryCode {
  return Object.hasOwn(countries, code)
}

/**
 * The smallest and largest UTC offset in minutes in use in a country over the year, standard and
 * daylight-saving time both, so a browser's current offset can be matched against it. Null for the
 * few places the time-zone data has no zone for (Bouvet Island, Heard Island, Kosovo): unknown is
 * more honest than a made-up 0.
 */
function offsetRange(code: string): [number | null, number | null] {
  const zones = timezones.getTimezonesForCountry(code) ?? []
  if (zones.length === 0) return [null, null]
  const offsets = zones.flatMap((zone) => [zone.utcOffset, zone.dstOffset])
  return [Math.min(...offsets), Math.max(...offsets)]
}

/** The country's first currency as a record reference, or null (Antarctica has none). */
function currencyReference(
  code: string | undefined,
): { reference: true; type: 'currency'; id: string } | null {
  return code ? { reference: true, type: 'currency', id: code.toLowerCase() } : null
}
