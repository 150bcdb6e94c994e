import { useCallback } from 'react'
import { formatMinor, formatMoney, type SiteCurrency } from '@shopwright/storefront/shared'
import { useSite } from '../components/site.js'
import { NO_PRICE } from './commerce.js'

/** How to write an amount of a currency the site does not list: its code, two decimals. */
function fallbackFormat(currency: string): SiteCurrency {
  return {
    id: currency,
    code: currency.toUpperCase(),
    name: currency.toUpperCase(),
    symbol: `${currency.toUpperCase()}\u00a0`,
    decimalplaces: 2,
    decimalseparator: '.',
    thousandseparator: ',',
  }
}

/** The site currency's format of `currency` (an id such as `usd`), or a plain fallback. */
function currencyFormat(currencies: readonly SiteCurrency[], currency: string) {
  return currencies.find((each) => each.id === currency) ?? fallbackFormat(currency)
}

/** An amount in integer minor units, or '' for no price (-1, spec 001 section 9). */
function writeMinor(currencies: readonly SiteCurrency[], minor: number, currency: string): string {
  if (minor === NO_PRICE || !Number.isSafeInteger(minor) || minor < 0) return ''
  return formatMinor(minor, currencyFormat(currencies, currency))
}

/** Money writers in the site's currency styles: minor units (the cart) and decimals (documents). */
export function useMoney() {
  const { currencies } = useSite()
  const minor = useCallback(
    (amount: number, currency: string) => writeMinor(currencies, amount, currency),
    [currencies],
  )
  const decimal = useCallback(
    (amount: unknown, currency: string) => {
      const value = typeof amount === 'number' ? amount : Number(amount)
      return Number.isFinite(value) ? formatMoney(value, currencyFormat(currencies, currency)) : ''
    },
    [currencies],
  )
  return { minor, decimal }
}
