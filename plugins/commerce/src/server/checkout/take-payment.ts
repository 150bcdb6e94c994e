/**
 * Taking a checkout's payment (README, "Payments"): the account's credit terms (within its limit,
 * credit.ts), a saved card or a card typed at checkout. A card charge is recorded in the ledger
 * (payments.ts) before the gateway is asked, with the run's charge key, and after it answered.
 */
import { createError } from '@shopwright/core'
import type { CartAnswer } from '../../shared/answers.js'
import { isObject, textOf } from '../refs.js'
import type { Run } from './attempts.js'
import type { CheckoutParts } from './checkout.js'
import { checkCustomerCredit } from './credit.js'
import type { Payment, Shopper } from './place-request.js'

/** How the payment was taken, for the documents. */
export interface Paid {
  /** The ledger's key of the card charge, none on account. */
  chargeKey: string | null
  ccnumber: string
  method: string
  onAccount: { days: number } | null
}

type PaymentParts = Pick<
  CheckoutParts,
  'records' | 'documents' | 'contexts' | 'providers' | 'cardProvider' | 'cardTokens' | 'payments'
>

/**
 * Takes the payment: answers how the documents describe it. `charged` is called once the gateway
 * answered a charge, before the ledger records it (the fault tests' `charged` step).
 */
export async function takePayment(
  parts: PaymentParts,
  shopper: Shopper,
  cart: CartAnswer,
  payment: Payment,
  run: Run,
  charged: () => Promise<void>,
): Promise<Paid> {
  const profile = shopper.context.profile
  if ('account' in payment) {
    // A guest has no terms and no saved cards: only a card typed at checkout.
    if (shopper.guest)
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'a guest pays by card' })
    const terms = profile?.terms ?? ''
    const limit = profile?.creditlimit ?? null
    const days = await paymentTerms(parts.records, terms)
    if (!days || limit === null)
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the account has no credit terms' })
    await checkCustomerCredit(parts, shopper.context.entity, limit, cart)
    return { chargeKey: null, ccnumber: '', method: `On account (${days.name})`, onAccount: days }
  }
  const provider = parts.providers.get(parts.cardProvider)
  let token: string
  let last4: string
  let brand: string
  if ('saved' in payment) {
    const card = shopper.guest
      ? undefined
      : profile?.creditcards.find((each) => each.internalid === payment.saved)
    const saved =
      card && !shopper.guest
        ? await parts.cardTokens.get(shopper.context.entity, payment.saved)
        : null
    if (!card || !saved)
      throw createError('ERROR_CREDITCARD_NOT_AVAILABLE', { reason: payment.saved })
    token = saved
    last4 = card.last4
    brand = card.brand || card.paymentmethod
  } else {
    ;({ token, last4, brand } = await provider.tokenize(payment.card))
  }
  const { payments } = parts
  const chargeKey = await payments.start(run, {
    provider: provider.id,
    amount: cart.total,
    currency: cart.currency.id,
  })
  const id = await provider.charge({
    token,
    amount: cart.total,
    currency: cart.currency.id,
    key: chargeKey,
  })
  await charged()
  await payments.charged(run, chargeKey, id)
  return {
    chargeKey,
    ccnumber: `************${last4}`,
    method: brand || 'card',
    onAccount: null,
  }
}

/** A payment term (the `terms` list type's line): its id, name and days, or null. */
export async function paymentTerms(
  records: CheckoutParts['records'],
  terms: string,
): Promise<{ id: string; name: string; days: number } | null> {
  if (!terms) return null
  const list = await records.find('listtype', 'terms')
  const value = (Array.isArray(list?.values) ? list.values : [])
    .filter(isObject)
    .find((each) => each.id === terms)
  const days = Number(value?.days)
  return Number.isSafeInteger(days) && days >= 0
    ? { id: terms, name: textOf(value?.name) || terms, days }
    : null
}
