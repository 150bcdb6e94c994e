/**
 * Payment providers (README, "Payments"). Checkout asks the site's card provider to authorise and
 * capture a payment against a token, and to refund it when the order cannot be written after all.
 * Card numbers never reach a provider call: a new card is tokenised first, and only its token, brand
 * and last four digits go further. A real gateway tokenises in the browser, so the number never
 * reaches this server at all (README, "A real gateway").
 */
import crypto from 'node:crypto'
import { createError } from '@shopwright/core'

export interface CardInput {
  number: string
  /** MM/YYYY. */
  expiry: string
  name?: string
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

/** The Luhn check every card number passes. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^6(011|5)/.test(digits)) return 'discover'
  return 'card'
}

/** Checks a card as typed: digits (spaces and dashes allowed), Luhn, an expiry not past. */
export function checkCard(card: CardInput, now = new Date()): string {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    throw createError('ERROR_INVALID_INPUT', { reason: 'card.number is not a card number' })
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(card.expiry.trim())
  if (!match) throw createError('ERROR_INVALID_INPUT', { reason: 'card.expiry must be MM/YYYY' })
  const [month, year] = [Number(match[1]), Number(match[2])]
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the card has expired' })
  return digits
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
      brand: brandOf(digits),
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
