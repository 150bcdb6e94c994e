/**
 * Money (issue 17): amounts are computed in integer minor units (cents) and written in each
 * currency's own style. Browser-safe: the server, the admin and themes share it.
 */

/** How a currency is written (the `currency` record's fields: seeds/README.md, "Record shapes"). */
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
  // One writer of money: in minor units, so both entry points round and group alike.
  const minor = toMinor(amount, placesOf(currency))
  return minor === null ? '' : formatMinor(minor, currency)
}

/** The decimal places a currency's amounts carry, bounded to 0-8 (a record could say anything). */
export function placesOf(currency: Pick<MoneyFormat, 'decimalplaces'>): number {
  const places = Math.trunc(Number(currency.decimalplaces))
  return Number.isFinite(places) ? Math.max(0, Math.min(8, places)) : 2
}

/**
 * A decimal amount (as staff type it: 19.99) in integer minor units of a currency with `places`
 * decimals (1999), rounded half away from zero on the decimal text, so 1.005 is 101, never 100.
 * Not a number, or past what a safe integer holds: null.
 */
export function toMinor(amount: number, places: number): number | null {
  if (!Number.isFinite(amount)) return null
  const text = String(Math.abs(amount))
  // Shifting the decimal text keeps 1.005 exact; a number already written with an exponent
  // (1e-7, 1e21) is shifted by arithmetic, where such precision no longer matters.
  const shifted = text.includes('e') ? Math.abs(amount) * 10 ** places : Number(`${text}e${places}`)
  const minor = Math.sign(amount) * Math.round(shifted)
  return Number.isSafeInteger(minor) ? minor + 0 : null
}

/** Minor units back to a decimal amount, as records keep them (1999 cents: 19.99). */
export function fromMinor(minor: number, places: number): number {
  return Number((minor / 10 ** places).toFixed(places))
}

/** Integer minor units in a currency's style: 123450 cents of usd is `$1,234.50`. */
export function formatMinor(minor: number, currency: MoneyFormat): string {
  if (!Number.isSafeInteger(minor)) return ''
  const places = placesOf(currency)
  const digits = String(Math.abs(minor)).padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places)
  const number =
    group(whole, currency.thousandseparator) +
    (places > 0 ? currency.decimalseparator + fraction : '')
  const sign = minor < 0 ? '-' : ''
  return currency.symbolafter
    ? `${sign}${number}\u00a0${currency.symbol}`
    : `${sign}${currency.symbol}${number}`
}
