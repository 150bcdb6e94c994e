/**
 * What a request to place an order is (README, "Checkout", "Guest checkout"): whose cart, the
 * idempotency key, the payment and the total the shopper reviewed; and the checks the priced cart
 * must pass before anything is held or charged.
 */
import crypto from 'node:crypto'
import { createError, type Entity } from '@shopwright/core'
import type { CartAnswer } from '../../shared/answers.js'
import type { CardInput } from '../payment/providers.js'
import type { ShopContext } from '../shop-context.js'
import type { OrderContact } from '../mail/order-mails.js'
import type { GuestDetails } from './guests.js'

export type Payment = { saved: string } | { card: CardInput } | { account: true }

export interface PlaceRequest {
  key: string
  payment: Payment
  /**
   * The total of the review the shopper saw, in minor units: a run that prices the cart otherwise
   * is refused with ERROR_CHECKOUT_TOTAL_CHANGED before anything is held or charged.
   */
  total?: number
}

/** A signed-in shopper's context. */
export type CustomerContext = ShopContext & { entity: Entity }

/** Whose cart is placed: a signed-in account's, or an anonymous cart with a guest's details. */
export type Shopper =
  | { context: CustomerContext; cart: string; guest?: undefined }
  | { context: ShopContext; cart: string; guest: GuestDetails }

/** The payment fingerprint of a request: never the card number, only its last four and expiry. */
export function fingerprintOf(payment: Payment): string {
  const described =
    'card' in payment
      ? { card: [payment.card.number.replace(/\D/g, '').slice(-4), payment.card.expiry.trim()] }
      : payment
  return crypto.createHash('sha256').update(JSON.stringify(described)).digest('hex')
}

/**
 * Throws the shopper's refusal when the priced cart cannot be placed as asked: empty, a line that
 * cannot be bought, no shipping address or method, or a total other than the one reviewed.
 */
export function checkPlaceable(cart: CartAnswer, request: PlaceRequest): void {
  if (cart.lines.length === 0) throw createError('ERROR_CART_EMPTY')
  const problem = cart.lines.find((line) => !line.purchasable)
  if (problem)
    throw createError('ERROR_CARTLINE_NOT_AVAILABLE', {
      reason: `${problem.problem}.${problem.item}`,
    })
  if (!cart.shipaddress) throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'shipaddress' })
  if (!cart.shipmethod)
    throw createError('ERROR_SHIPMETHOD_NOT_USABLE', {
      reason: 'no shipping method in this currency',
    })
  if (request.total !== undefined && request.total !== cart.total)
    throw createError('ERROR_CHECKOUT_TOTAL_CHANGED', {
      reason: `${request.total} was reviewed, ${cart.total} is due`,
    })
}

/** Where the order's e-mails go: the guest's address or the account's, none without one. */
export function contactOf(shopper: Shopper): OrderContact | null {
  const { context } = shopper
  const email = shopper.guest ? shopper.guest.email : (context.profile?.email ?? '')
  return email ? { email, language: context.language } : null
}
