/**
 * Payment providers (README, "Payments"). Checkout asks the site's card provider to authorise and
 * capture a payment against a token, and to refund it when the order cannot be written after all.
 * Card numbers never reach a provider call: a new card is tokenised first, and only its token, brand
 * and last four digits go further. A real gateway tokenises in the browser, so the number never
 * reaches this server at all (README, "A real gateway").
 */
import crypto from 'node:crypto'
import { createError } from '@shopwright/core'
import { cardBrand, cardDigits, cardErrors } from '@shopwright/plugin-account'

export interface CardInput {
  number: string
  /** 'MM/YYYY' or 'YYYY-MM'. */
  expiry: string
  name?: string
  /** The brand the shopper chose (Visa ...), as the account's card form asks. */
  paymentmethod?: string
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
  /** The checkout's idempotency key: a provider answers a repeat with the first charge. */
  key: string
}

export interface PaymentProvider {
  id: string
  tokenize(card: CardInput): Promise<CardToken>
  /** Authorises and captures; throws ERROR_PAYMENT_DECLINED. Answers the charge's id. */
  charge(request: ChargeRequest): Promise<string>
  /** Gives a charge back in full (checkout's compensation when the order cannot be written). */
  refund(charge: string): Promise<void>
}

/**
 * Checks a card as typed with the account area's own card rules (spec 000 section 5: number with
 * Luhn, an expiry 'MM/YYYY' or 'YYYY-MM' not past, a payment method), and answers its digits.
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

/**
 * The built-in test provider: no network, deterministic. It declines cards ending 0002 (their
 * tokens say so) and approves everything else, including
 * the account plugin's saved-card tokens. Charges live in the token and key only, so every node
 * agrees without shared state. Never for a live shop: the README says how to add a real one.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'test'

  async tokenize(card: CardInput): Promise<CardToken> {
    const digits = checkCard(card)
    const decline = digits.endsWith('0002') ? 'decline_' : ''
    return {
      token: `tok_test_${decline}${crypto.randomBytes(12).toString('hex')}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
    }
  }

  async charge(request: ChargeRequest): Promise<string> {
    if (!request.token.startsWith('tok_'))
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'unknown card' })
    if (request.token.startsWith('tok_test_decline_'))
      throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the test provider declined the card' })
    return `ch_test_${crypto.createHash('sha256').update(request.key).digest('hex').slice(0, 24)}`
  }

  async refund(): Promise<void> {}
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
