/** The security record of billing (README, "Rights": financemanager full; finance view). */
export const BILLING_SECURITY = 'billing'

/** The currency every cost is in: costs are priced and shown in GBP. */
export const BILLING_CURRENCY = 'GBP'

/** Costs are rounded to this many decimal places of a pound (a millionth: tiny sites still show). */
export const COST_DECIMALS = 6

/** Usage is written with at most this many decimal places (a GB to the byte). */
export const USAGE_DECIMALS = 9

/** Byte-seconds are shown over this many days (README, "What it meters, and how"). */
export const BYTE_SECONDS_DAYS = 31

/**
 * The billed meters, in the order records, the chart's key and the table list them. Each but
 * `database` is a core meter (`services.meters`); `database` is the day's largest sample of the
 * database's size, kept by this plugin.
 */
export const BILLED_METERS = [
  'requests',
  'bytes',
  'drive.byteseconds',
  'database',
  'sessions',
  'emails',
  'translation.characters',
] as const
export type BilledMeter = (typeof BILLED_METERS)[number]

/** A day's billing record and the meter it prices (README, "Daily records and the price list"). */
export interface BillingRecord {
  /** The UTC day, `YYYY-MM-DD`. */
  date: string
  meter: BilledMeter
  /** What was used, in English (the screen names meters in the admin's language). */
  description: string
  /** How much, in `unit`. */
  usage: number
  /** What usage counts: `requests`, `GB`, `GB-month`, `sessions`, `e-mails`, `characters`. */
  unit: string
  /** In GBP, rounded to COST_DECIMALS. */
  cost: number
}

/** One line of the price list: what `price` GBP buys. */
export interface BillingPrice {
  meter: BilledMeter
  description: string
  unit: string
  /** How many units the price is for (1,000,000 requests; 1 GB). */
  per: number
  /** GBP per `per` units. */
  price: number
}

/** A meter's month: its usage and cost summed over the month's records. */
export interface BillingSummary {
  meter: BilledMeter
  description: string
  usage: number
  unit: string
  cost: number
}

/** What `GET /query/billing/details/{month}` answers (docs/api.md, "Billing"). */
export interface BillingDetails {
  month: string
  currency: typeof BILLING_CURRENCY
  /** Every day of the month, `YYYY-MM-DD`: the chart's categories. */
  days: string[]
  /** The daily records with a usage, by date, then in BILLED_METERS order. */
  list: BillingRecord[]
  /** One line per billed meter, in BILLED_METERS order, zero when unused. */
  summary: BillingSummary[]
  /** The month's cost: the sum of the records' costs, in GBP. */
  total: number
  /** The price list the costs were worked out with. */
  prices: BillingPrice[]
  /** Today (`YYYY-MM-DD`) when the month holds it: that day's figures are live, so far. */
  today: string | null
}
