import type { RecordData } from '@shopwright/core/shared'
import type { TCurrencyCode } from 'countries-list'
import { currencies as listedCurrencies } from 'countries-list/currencies'
import currencyCodes from 'currency-codes'
import { displayName, translate } from './translated-languages.js'

/**
 * ISO 4217 list-one codes that are not money a shop prices in: XTS is reserved for testing and XXX
 * means "no currency involved".
 */
const NOT_MONEY = new Set(['XTS', 'XXX'])

/** What a currency record is built from. */
interface CurrencySource {
  code: string
  name: string
  digits: number
}

/**
 * One `currency/<code>` record per active ISO 4217 currency (currency-codes, the ISO list one),
 * plus any code in `alsoNeeded` that the list lacks but countries-list knows (its data is newer:
 * XCG, the Caribbean guilder of Curaçao and Sint Maarten, arrived in 2025), so every country's
 * currency resolves to a record.
 */
export function currencyRecords(alsoNeeded: Iterable<string> = []): RecordData[] {
  const sources = new Map<string, CurrencySource>()
  for (const { code, currency, digits } of currencyCodes.data) {
    if (!NOT_MONEY.has(code)) sources.set(code, { code, name: currency, digits })
  }
  for (const wanted of alsoNeeded) {
    const code = wanted.toUpperCase()
    if (sources.has(code) || !Object.hasOwn(listedCurrencies, code)) continue
    const listed = listedCurrencies[code as TCurrencyCode]
    sources.set(code, { code, name: listed.name, digits: listed.decimals })
  }
  return [...sources.values()].sort((a, b) => a.code.localeCompare(b.code)).map(currencyRecord)
}

/** A currency record in the default US/UK style: symbol first, ',' thousands and '.' decimals. */
function currencyRecord({ code, name, digits }: CurrencySource): RecordData {
  const symbol = narrowSymbol(code)
  return {
    type: 'currency',
    id: code.toLowerCase(),
    name,
    code,
    symbol,
    decimalplaces: digits,
    format: formatPattern(symbol, digits),
    decimalseparator: '.',
    thousandseparator: ',',
    symbolafter: false,
    translations: translate((language) => displayName(language, 'currency', code)),
  }
}

/** The short symbol ICU shows for a currency ('$', '€', 'CHF'), the code itself when it has none. */
function narrowSymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1)
  return parts.find((part) => part.type === 'currency')?.value ?? code
}

/** The display pattern: symbol, grouped integer part, then one zero per decimal place. */
export function formatPattern(symbol: string, digits: number): string {
  return `${symbol}#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''}`
}
