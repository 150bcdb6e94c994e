import { wholeNumber, type SettingsOf, z } from '@shopwright/core'

/**
 * The commerce plugin's settings (README, "Settings"): environment variables, or their camelCase
 * keys in shopwright.config.*.
 */
export const COMMERCE_SETTINGS = {
  /** The payment provider cards are charged through: `test` (built in, never for a live shop) or a plugin's. */
  commercePaymentProvider: {
    env: 'COMMERCE_PAYMENT_PROVIDER',
    schema: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/)
      .default('test'),
  },
  /** Cart changes one visitor may make per minute, counted across nodes. */
  commerceCartWrites: {
    env: 'COMMERCE_CART_WRITES',
    schema: wholeNumber(1, 1_000_000).default(120),
  },
  /** Orders one account may place (or try to) per minute. */
  commercePlaceAttempts: {
    env: 'COMMERCE_PLACE_ATTEMPTS',
    schema: wholeNumber(1, 1_000_000).default(10),
  },
  /** How often the site tells back-in-stock alerts whose item has units again, in seconds. */
  commerceStockAlertSeconds: {
    env: 'COMMERCE_STOCK_ALERT_SECONDS',
    schema: wholeNumber(1, 86_400).default(60),
  },
  /** Units left to sell at or under which an item is low on stock, unless it has its own threshold. */
  commerceLowStock: { env: 'COMMERCE_LOW_STOCK', schema: wholeNumber(0, 1_000_000).default(5) },
  /** Days an anonymous cart is kept after its last change. */
  commerceCartDays: { env: 'COMMERCE_CART_DAYS', schema: wholeNumber(1, 3650).default(30) },
} as const

export type CommerceSettings = SettingsOf<typeof COMMERCE_SETTINGS>
