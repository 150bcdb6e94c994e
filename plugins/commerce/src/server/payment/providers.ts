/**
 * Payment providers (README, "Payments"). Checkout asks the site's card provider to authorise and
 * capture a payment against a token, and to refund it when the order cannot be written after all.
 * Card numbers never reach a provider call: a new card is tokenised first, and only its token, brand
 * and last four digits go further. A real gateway tokenises in the browser, so the number never
 * reaches this server at all (README, "A real gateway").
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { createError } from '@shopwright/core'
import { TEST_GATEWAY_TABLE } from '../migrations.js'
import { cardBrand, cardDigits, cardErrors } from '@shopwright/plugin-account'

export interface CardInput {
  number: string
  /** 'MM/YYYY' or 'YYYY-MM'. */
  expiry: string
  name?: string
  /** The brand the shopper chose (Visa ...), as the account's card form asks. */
  paymentmethod?: string
  /**
   * The security code on the card, for the provider to check when it tokenises or charges a card
   * typed at checkout. Never stored, logged or kept in a token (README, "Payments").
   */
  cvc?: string
}

export interface CardToken {
  token: string
  brand: string
  last4: string
}

export interface ChargeRequest {
  token: string
  /** Minor units. */
  amount: number
  currency: string
  /** The checkout run's idempotency key: a provider answers a repeat with the first charge. */
  key: string
}

export interface RefundRequest {
  /** The charge to give money back from. */
  charge: string
  /**
   * Minor units to give back; all of the charge not yet given back when absent. A gateway refuses
   * (ERROR_PAYMENT_DECLINED) more than is left of the charge.
   */
  amount?: number
  /** The refund's idempotency key: a provider answers a repeat with the first refund, never a second. */
  key: string
}

export interface PaymentProvider {
  id: string
  tokenize(card: CardInput): Promise<CardToken>
  /**
   * Authorises and captures; throws ERROR_PAYMENT_DECLINED (an AppError) when the gateway refuses,
   * anything else when the answer is unknown (the network, a timeout). Answers the charge's id.
   */
  charge(request: ChargeRequest): Promise<string>
  /**
   * The charge made with an idempotency key, or null when the gateway made none: how a resolver
   * learns what a charge whose answer was lost did (README, "A real gateway").
   */
  lookup(key: string): Promise<string | null>
  /**
   * Gives money of a charge back: all of it (a run that placed no order), or part (the orders
   * desk), several times up to what was charged. Idempotent by the refund's key.
   */
  refund(request: RefundRequest): Promise<void>
}

/**
 * Checks a card as typed with the account area's own card rules (plugins/account/README.md,
 * "Profile": number with Luhn, an expiry 'MM/YYYY' or 'YYYY-MM' not past, a payment method), and
 * answers its digits.
 */
export function checkCard(card: CardInput, now = new Date()): string {
  const problem = cardErrors(
    {
      ccnumber: card.number,
      ccexpiredate: card.expiry,
      ccname: card.name,
      paymentmethod: card.paymentmethod,
    },
    now,
  )
  if (problem) throw createError(problem.code, { reason: `card.${problem.field}` })
  return cardDigits(card.number)
}

/** The test provider's security code that never matches (README, "Payments"). */
export const TEST_WRONG_CVC = '000'

/**
 * The built-in test provider: no network. It declines cards ending 0002 (their tokens say so) and
 * a typed card whose security code is 000, wants 4 digits of an American Express card and 3 of
 * any other, and approves everything else, including the account plugin's saved-card tokens. It keeps its book of
 * charges and refunds in the site's database, shared by every node, and behaves as a real gateway
 * does: a repeated charge key answers the first charge, a repeated refund key the first refund, a
 * refund past what is left of the charge is refused. Never for a live shop: the README says how to add a real one.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'test'

  constructor(private readonly db: Knex) {}

  async tokenize(card: CardInput): Promise<CardToken> {
    const digits = checkCard(card)
    const brand = cardBrand(digits)
    const cvc = card.cvc?.trim() ?? ''
    if (!new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(cvc))
      throw createError('ERROR_CARD_CVC_INVALID', { reason: 'card.cvc' })
    const decline = digits.endsWith('0002') || cvc === TEST_WRONG_CVC ? 'decline_' : ''
    return {
      token: `tok_test_${decline}${crypto.randomBytes(12).toString('hex')}`,
      brand,
      last4: digits.slice(-4),
    }
  }

  async charge(request: ChargeRequest): Promise<string> {
    if (!request.token.startsWith('tok_'))
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'unknown card' })
    if (request.token.startsWith('tok_test_decline_'))
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the test provider declined the card' })
    const charge = `ch_test_${crypto.createHash('sha256').update(request.key).digest('hex').slice(0, 24)}`
    await this.db(TEST_GATEWAY_TABLE)
      .insert({
        key: request.key,
        kind: 'charge',
        charge,
        amount: request.amount,
        currency: request.currency,
        created_at: Date.now(),
      })
      .onConflict('key')
      .ignore()
    // The id follows from the key: a repeated key answers the first charge's id.
    return charge
  }

  async lookup(key: string): Promise<string | null> {
    const row = (await this.db(TEST_GATEWAY_TABLE)
      .where({ key, kind: 'charge' })
      .first('charge')) as { charge: string } | undefined
    return row?.charge ?? null
  }

  async refund(request: RefundRequest): Promise<void> {
    // One refund of a charge at a time: the charge's row is locked first (SQLite writes one
    // transaction at a time anyway), so two refunds never both see room for theirs.
    await this.db.transaction(async (trx) => {
      const locked = trx(TEST_GATEWAY_TABLE).where({ charge: request.charge, kind: 'charge' })
      const charged = (await (trx.client.dialect === 'mysql' ? locked.forUpdate() : locked).first(
        'amount',
        'currency',
      )) as { amount: number | string; currency: string } | undefined
      if (!charged) throw createError('ERROR_PAYMENT_DECLINED', { reason: 'no such charge' })
      const refunds = (await trx(TEST_GATEWAY_TABLE)
        .where({ charge: request.charge, kind: 'refund' })
        .select('key', 'amount')) as Array<{ key: string; amount: number | string }>
      if (refunds.some((row) => row.key === request.key)) return
      await trx(TEST_GATEWAY_TABLE).insert({
        key: request.key,
        kind: 'refund',
        charge: request.charge,
        amount: refundAmount(
          Number(charged.amount),
          refunds.map((row) => Number(row.amount)),
          request.amount,
        ),
        currency: charged.currency,
        created_at: Date.now(),
      })
    })
  }
}

/**
 * What a refund gives back (minor units): `asked`, or all that is left of the charge; refused
 * (ERROR_PAYMENT_DECLINED) when nothing is left or it is more than is left. For providers that keep
 * their own book (the test provider, the fault tests' recording one).
 */
export function refundAmount(charged: number, refunded: readonly number[], asked?: number): number {
  const left = charged - refunded.reduce((sum, amount) => sum + amount, 0)
  const amount = asked ?? left
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
    throw createError('ERROR_PAYMENT_DECLINED', {
      reason: left <= 0 ? 'already refunded' : 'more than is left of the charge',
    })
  return amount
}

/** The providers a site has; plugins add theirs in `bootstrap()`. */
export class PaymentProviders {
  private readonly byId = new Map<string, PaymentProvider>()

  add(provider: PaymentProvider): void {
    this.byId.set(provider.id, provider)
  }

  get(id: string): PaymentProvider {
    const provider = this.byId.get(id)
    if (!provider)
      throw createError('ERROR_PAYMENT_DECLINED', { reason: `no payment provider ${id}` })
    return provider
  }
}
