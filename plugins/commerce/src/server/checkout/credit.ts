/**
 * The credit an on-account order may use (README, "Checkout", step 4; issue 37). A customer's
 * limit is kept in one currency, their `creditcurrency`, else the site's default (the web
 * configuration's first), and everything they owe on open invoices counts against it together
 * with the order: the limit is owed once, whatever currencies the shop sells in. Counting another
 * currency in it would take an exchange rate, and the shop keeps none, so an order or an open
 * invoice in another currency refuses paying on account (ERROR_CREDIT_CURRENCY) rather than going
 * uncounted.
 *
 * Two on-account orders of one customer never pass the check together: an account has one cart, a
 * cart is placed by one run at a time (run-ownership.ts), and a run's invoice is written in the
 * transaction that ends it, so the next run counts it.
 */
import { createError, type Entity } from '@shopwright/core'
import { toMinor } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type { Documents, OpenInvoice } from '../documents/documents.js'
import type { ShopContexts } from '../shop-context.js'
import { refId, textOf } from '../refs.js'

/** A customer's credit limit: the amount (decimals, as staff type it) and its currency's id. */
export interface CreditLimit {
  amount: number
  currency: string
}

/** What the credit check reads. */
export interface CreditParts {
  records: Pick<RecordsService, 'find'>
  documents: Pick<Documents, 'openInvoices'>
  contexts: Pick<ShopContexts, 'defaultCurrency'>
}

/** The currency a customer's limit is kept in: their `creditcurrency`, else the site's default. */
export async function creditCurrencyOf(
  parts: Pick<CreditParts, 'records' | 'contexts'>,
  entity: Entity,
): Promise<string> {
  const account = await parts.records.find(entity.type, entity.id)
  const own = refId(account?.creditcurrency) ?? textOf(account?.creditcurrency)
  return own || (await parts.contexts.defaultCurrency()).id
}

/**
 * Throws the shopper's refusal unless an order of `total` minor units in `currency` fits under the
 * limit with what the customer owes on open invoices.
 */
export function checkCredit(
  limit: CreditLimit,
  open: readonly OpenInvoice[],
  order: { currency: { id: string; places: number }; total: number },
): void {
  const noRate = (from: string) =>
    createError('ERROR_CREDIT_CURRENCY', {
      reason: `no exchange rate from ${from || 'an unknown currency'} to ${limit.currency}`,
    })
  if (order.currency.id !== limit.currency) throw noRate(order.currency.id)
  const { places } = order.currency
  let owed = 0
  for (const invoice of open) {
    // Nothing left on it (or no amount at all): it uses no credit, whatever its currency.
    if (!(invoice.remaining > 0)) continue
    if (invoice.currency !== limit.currency) throw noRate(invoice.currency)
    const minor = toMinor(invoice.remaining, places)
    // An amount past what a safe integer holds cannot be counted: it is over any limit.
    if (minor === null) throw createError('ERROR_CREDIT_LIMIT_EXCEEDED')
    owed += minor
  }
  const allowed = toMinor(limit.amount, places)
  if (allowed === null || owed + order.total > allowed)
    throw createError('ERROR_CREDIT_LIMIT_EXCEEDED')
}

/** Checks an on-account order of the customer against their limit (throws the refusal). */
export async function checkCustomerCredit(
  parts: CreditParts,
  entity: Entity,
  amount: number,
  order: { currency: { id: string; places: number }; total: number },
): Promise<void> {
  const limit = { amount, currency: await creditCurrencyOf(parts, entity) }
  // The order's currency first: a refusal for it needs no read of the invoices.
  if (order.currency.id !== limit.currency) checkCredit(limit, [], order)
  checkCredit(limit, await parts.documents.openInvoices(entity), order)
}
