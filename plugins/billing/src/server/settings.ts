import { wholeNumber, type SettingsOf, z } from '@shopwright/core'

/** A price in GBP: a number (or its text) from 0 to 1,000,000. */
function price(fallback: number) {
  const message = 'must be a price in GBP from 0 to 1000000'
  return z.coerce
    .number({ error: message })
    .finite({ error: message })
    .min(0, { error: message })
    .max(1_000_000, { error: message })
    .default(fallback)
}

/**
 * The billing plugin's settings (README, "Price list"): the price of each meter in GBP, per the
 * unit its line names, and how often storage is sampled. Environment variables, or their camelCase
 * keys in shopwright.config.*.
 */
export const BILLING_SETTINGS = {
  /** GBP per 1,000,000 requests served. */
  billingPriceRequests: { env: 'BILLING_PRICE_REQUESTS', schema: price(0.4) },
  /** GBP per GB (10^9 bytes) sent. */
  billingPriceBytes: { env: 'BILLING_PRICE_BYTES', schema: price(0.08) },
  /** GBP per GB-month of drive storage (byte-seconds over 31 days). */
  billingPriceStorage: { env: 'BILLING_PRICE_STORAGE', schema: price(0.02) },
  /** GBP per GB-month of database (each day's size for 1/31 of a month). */
  billingPriceDatabase: { env: 'BILLING_PRICE_DATABASE', schema: price(0.2) },
  /** GBP per 1,000 visitor sessions started. */
  billingPriceSessions: { env: 'BILLING_PRICE_SESSIONS', schema: price(0.05) },
  /** GBP per 1,000 e-mails sent. */
  billingPriceEmails: { env: 'BILLING_PRICE_EMAILS', schema: price(0.5) },
  /** GBP per 1,000,000 characters sent for machine translation. */
  billingPriceTranslation: { env: 'BILLING_PRICE_TRANSLATION', schema: price(15) },
  /** Seconds between samples of drive storage and database size (one node samples for all). */
  billingSampleSeconds: {
    env: 'BILLING_SAMPLE_SECONDS',
    schema: wholeNumber(1, 86_400).default(300),
  },
} as const

export type BillingSettings = SettingsOf<typeof BILLING_SETTINGS>
