import { isQueryError } from '@shopwright/client'

/**
 * A fresh random key for one checkout attempt: 32 hex digits, of what the server takes (16 to 64
 * of A-Z, a-z, 0-9, '-' and '_').
 */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * True when a failed place call may or may not have placed the order: no answer arrived (the
 * network), the server failed or was busy, or the same attempt is still being placed. Sending
 * the same attempt again with the same key then answers the first outcome (the order, or its
 * refusal), never a second order.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isQueryError(error)) return true
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 429 ||
    error.code === 'ERROR_CHECKOUT_IN_PROGRESS' ||
    error.code === 'ERROR_DATA_CONNECTION'
  )
}

/**
 * The idempotency key of the checkout attempt under way. One key per attempt: a retry of an
 * attempt whose outcome is unknown reuses it; a refusal (declined, over the credit limit...) or a
 * success ends the attempt, and so does changing what is being paid, so the next Place order is a
 * new attempt with a new key.
 */
export class PlaceAttempt {
  private current: string | null = null

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  /** The key to send: the open attempt's, else a new attempt's. */
  key(): string {
    return (this.current ??= this.makeKey())
  }

  /** Records how a place call ended: the attempt stays open only when its outcome is unknown. */
  settle(error?: unknown): void {
    if (error === undefined || !outcomeUnknown(error)) this.current = null
  }

  /** Ends the attempt: the shopper changed the payment or the cart. */
  reset(): void {
    this.current = null
  }

  /** True while an attempt awaits a retry. */
  get open(): boolean {
    return this.current !== null
  }
}
