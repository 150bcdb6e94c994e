import { useCallback } from 'react'
import { useTranslation } from '@shopwright/storefront/react'
import type { SiteCurrency } from '@shopwright/storefront/shared'
import { useSite } from '../components/site.js'
import { NO_PRICE } from './commerce.js'

/**
 * Amounts are written the visitor's way with `Intl.NumberFormat` (docs/themes.md, "Money"): the
 * page's language decides the separators and where the sign goes ("$1,234.56" in English,
 * "1 234,56 €" in French), the site's currency record its code and decimal places. Formatters are
 * kept per language and currency: making one costs far more than using it.
 */
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(language: string, code: string, decimals: number): Intl.NumberFormat {
  const key = `${language}|${code}|${decimals}`
  let found = formatters.get(key)
  if (!found) {
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency: code,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }
    try {
      found = new Intl.NumberFormat(language, options)
    } catch {
      // A language tag Intl does not take (a site's own variant): English, the site's first.
      found = new Intl.NumberFormat('en', options)
    }
    formatters.set(key, found)
  }
  return found
}

/** The site currency of `currency` (an id such as `usd`): its ISO code and decimal places. */
function currencyOf(currencies: readonly SiteCurrency[], currency: string) {
  const found = currencies.find((each) => each.id === currency)
  const code = (found?.code ?? currency).toUpperCase()
  const decimals = Number.isInteger(found?.decimalplaces) ? found!.decimalplaces : 2
  return { code: /^[A-Z]{3}$/.test(code) ? code : 'XXX', decimals }
}

/** An amount in integer minor units, or '' for no price (-1: docs/api.md, "Commerce"). */
export function writeMinor(
  language: string,
  currencies: readonly SiteCurrency[],
  minor: number,
  currency: string,
): string {
  if (minor === NO_PRICE || !Number.isSafeInteger(minor) || minor < 0) return ''
  const { code, decimals } = currencyOf(currencies, currency)
  return formatter(language, code, decimals).format(minor / 10 ** decimals)
}

/** A decimal amount (documents keep decimals), or '' when it is not a number. */
export function writeDecimal(
  language: string,
  currencies: readonly SiteCurrency[],
  amount: unknown,
  currency: string,
): string {
  const value = typeof amount === 'number' ? amount : Number(amount)
  if (amount === null || amount === '' || !Number.isFinite(value)) return ''
  const { code, decimals } = currencyOf(currencies, currency)
  return formatter(language, code, decimals).format(value)
}

/** Money writers in the visitor's language: minor units (the cart) and decimals (documents). */
export function useMoney() {
  const { currencies } = useSite()
  const { language } = useTranslation()
  const minor = useCallback(
    (amount: number, currency: string) => writeMinor(language, currencies, amount, currency),
    [language, currencies],
  )
  const decimal = useCallback(
    (amount: unknown, currency: string) => writeDecimal(language, currencies, amount, currency),
    [language, currencies],
  )
  return { minor, decimal }
}
