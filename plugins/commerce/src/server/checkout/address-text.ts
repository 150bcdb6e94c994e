/**
 * An address as an order and its invoice keep it: one line each, in its country's order, with the
 * country and the region by name in the shopper's language (never their codes: the documents are
 * read by people, and kept as written).
 */
import type { RecordsService } from '@shopwright/plugin-records'
import type { ShipAddress } from '../../shared/answers.js'
import { isObject, textOf } from '../refs.js'

/** Countries that write "City, Region Postal code" on one line (as the default theme shows them). */
const CITY_FIRST = new Set(['us', 'ca', 'au'])
/** Countries that write the town, then the postcode on a line of its own. */
const POSTCODE_BELOW = new Set(['gb', 'ie'])

/** A place's name in a language: its translation (`{ fr: 'États-Unis' }`), else its name. */
function nameIn(place: Record<string, unknown>, language: string): string {
  const translations = isObject(place.translations) ? place.translations : {}
  for (const code of [language, language.split('-')[0]!]) {
    const name = Object.hasOwn(translations, code) ? translations[code] : undefined
    if (typeof name === 'string' && name) return name
  }
  return textOf(place.name)
}

export async function addressText(
  address: ShipAddress | null,
  records: Pick<RecordsService, 'find'>,
  language: string,
): Promise<string> {
  if (!address) return ''
  const code = address.country.toLowerCase()
  const country = code ? await records.find('country', code) : null
  const regions = Array.isArray(country?.regions) ? country.regions.filter(isObject) : []
  const region = regions.find(
    (each) => textOf(each.id).toLowerCase() === address.state.toLowerCase(),
  )
  const state = region ? nameIn(region, language) || address.state : address.state
  const place = CITY_FIRST.has(code)
    ? [[[address.city, state].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ')]
    : POSTCODE_BELOW.has(code)
      ? [address.city, state, address.zip]
      : [[address.zip, address.city].filter(Boolean).join(' '), state]
  return [
    address.addressee,
    address.addr1,
    address.addr2,
    ...place,
    (country ? nameIn(country, language) : '') || code.toUpperCase(),
    address.addrphone,
  ]
    .filter((line) => line && line.trim())
    .join('\n')
}
