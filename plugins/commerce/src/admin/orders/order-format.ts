import type { Translate } from '@shopwright/admin-ui/kit'
import type { Fulfilment, OrderCurrency, PaymentStanding } from '../../shared/orders.js'

/**
 * Money, keys and status words of the orders screens (docs/admin.md, "Orders screens"). Amounts
 * from the desk are integer minor units (plugins/commerce/README.md, "Orders desk"); they are
 * written in the reader's language with the currency's code, so $ of the US and of Canada differ.
 */

/** Minor units in `currency`, in the reader's style: 123450 cents of USD is `$1,234.50`. */
export function money(minor: number, currency: OrderCurrency, language: string): string {
  const major = minor / 10 ** currency.places
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.places,
      maximumFractionDigits: currency.places,
    }).format(major)
  } catch {
    // A code Intl does not know (a site's own currency): the number and the code.
    return `${major.toFixed(currency.places)} ${currency.code}`
  }
}

/**
 * An amount typed in major units (`12.50`, `12,5`) as integer minor units of a currency with
 * `places` decimals; null when it is not a positive amount with at most that many decimals. The
 * decimal text is shifted, never multiplied, so 0.29 is 29 and not 28.999...
 */
export function minorOf(typed: string, places: number): number | null {
  const text = typed.trim().replace(',', '.')
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > places) return null
  const minor = Number(match[1]! + fraction.padEnd(places, '0'))
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null
}

/** Minor units as typed back into an amount field (`1250` of 2 places: `12.50`). */
export function typedOf(minor: number, places: number): string {
  return (minor / 10 ** places).toFixed(places)
}

/**
 * A fresh idempotency key for one opening of an action's dialog: 32 letters and digits (the desk
 * takes 16-64 of `[A-Za-z0-9_-]`; docs/api.md, "Orders desk (staff)").
 */
export function newKey(): string {
  return crypto.randomUUID().replaceAll('-', '')
}

/** Where an order's goods stand, from its status (the list's index reads it the same way). */
export function fulfilmentOf(status: string): Fulfilment {
  if (status === 'cancelled') return 'cancelled'
  if (status === 'partiallyFulfilled') return 'partial'
  return ['pendingBilling', 'billed', 'closed'].includes(status) ? 'fulfilled' : 'unfulfilled'
}

/** A badge's words for where the goods stand. */
export function fulfilmentLabel(t: Translate, fulfilment: Fulfilment): string {
  switch (fulfilment) {
    case 'unfulfilled':
      return t('Unfulfilled')
    case 'partial':
      return t('Partly shipped')
    case 'fulfilled':
      return t('Shipped')
    case 'cancelled':
      return t('Cancelled')
  }
}

/** A badge's words for where the money stands, unless all or part of it went back. */
export function paymentLabel(
  t: Translate,
  payment: PaymentStanding,
  refunded: 'none' | 'part' | 'all' = 'none',
): string {
  if (refunded === 'all') return t('Refunded')
  if (refunded === 'part') return t('Partly refunded')
  switch (payment) {
    case 'paid':
      // Not 'Paid': the sessions screens' phrase for paid traffic, translated for that.
      return t('Payment received')
    case 'pending':
      return t('Payment pending')
    case 'voided':
      return t('Voided')
  }
}

/** What a history entry says happened (the desk's kinds; docs/api.md, "Orders desk (staff)"). */
export function historyLabel(t: Translate, kind: string): string {
  switch (kind) {
    case 'fulfilled':
      return t('Shipped a parcel')
    case 'resent':
      return t('Re-sent the confirmation')
    case 'cancelled':
      return t('Cancelled the order')
    case 'refunded':
      return t('Refunded')
    case 'refundFailed':
      return t('The refund failed')
    default:
      return kind
  }
}
