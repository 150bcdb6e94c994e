/** How a currency is written (the `currency` record's fields, spec 000 sections 3 and 9). */
export interface MoneyFormat {
  symbol: string
  decimalplaces: number
  decimalseparator: string
  thousandseparator: string
  /** The symbol after the amount ("12,50 €") rather than before ("$12.50"). */
  symbolafter?: boolean
}

/** Digits in groups of three from the right, joined by the separator. */
function group(digits: string, separator: string): string {
  const groups: string[] = []
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end))
  return groups.join(separator)
}

/**
 * An amount in a currency's own style: usd `$1,234.50`, eur `€1.234,50`. Rounded half away from
 * zero to the currency's decimal places (on the decimal text, so 1.005 is 1.01, not 1.00); a
 * symbol after the amount follows a no-break space.
 */
export function formatMoney(amount: number, currency: MoneyFormat): string {
  if (!Number.isFinite(amount)) return ''
  const places = Math.max(0, Math.min(8, Math.trunc(currency.decimalplaces)))
  const rounded = Number(`${Math.round(Number(`${Math.abs(amount)}e${places}`))}e-${places}`)
  const [whole = '0', fraction = ''] = rounded.toFixed(places).split('.')
  const number =
    group(whole, currency.thousandseparator) +
    (places > 0 ? currency.decimalseparator + fraction : '')
  const sign = amount < 0 && rounded !== 0 ? '-' : ''
  return currency.symbolafter
    ? `${sign}${number}\u00a0${currency.symbol}`
    : `${sign}${currency.symbol}${number}`
}
