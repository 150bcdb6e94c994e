/** The security record that gates the insights screens and calls (README, "Rights"). */
export const INSIGHTS_SECURITY = 'insights'
/** The record type of a month's traffic insights, keyed by the month (YYYY-MM). */
export const TRAFFIC_INSIGHTS_TYPE = 'trafficinsights'

/** One count of a keyed series: a day (YYYY-MM-DD), a browser, a path, a place... */
export interface Keyed {
  key: string
  value: number
}

/**
 * A month's traffic insights (README, "The record"), as the `trafficinsights` record stores it and
 * `/query/insights/traffic/{month}` answers it. Daily series are keyed by day, in day order; the
 * others largest first. `locations` is keyed `country|region|city` (ISO 3166-1 alpha-2 code; region
 * and city '' when unknown). Visitor series count genuine confirmed sessions only; `errors` and
 * `errormessages` count the site's error answers (plugins/insights/README.md).
 */
export interface TrafficInsights {
  type: typeof TRAFFIC_INSIGHTS_TYPE
  /** The month, YYYY-MM. */
  id: string
  /** The days rolled up into the record, in order (today is added live, never stored). */
  days: string[]
  /** Tracked pages by day. */
  traffic: Keyed[]
  /** Error answers by day. */
  errors: Keyed[]
  returningsessions: Keyed[]
  newsessions: Keyed[]
  browsers: Keyed[]
  os: Keyed[]
  languages: Keyed[]
  /** By medium: search, social, email, paid, internal, direct, referral. */
  source: Keyed[]
  entrypages: Keyed[]
  routes: Keyed[]
  locations: Keyed[]
  /** Error answers by code (`HTTP 404` for a page without one). */
  errormessages: Keyed[]
}

/** A month's most recent roll-up: the day it stored and when (ISO 8601, UTC). */
export interface LastRollUp {
  day: string
  at: string
}

/**
 * The answer of `/query/insights/traffic/{month}` (README, "Calls"): the month's record with the
 * days not stored yet added live, saying which those are and when the last roll-up stored a day.
 */
export interface TrafficAnswer extends TrafficInsights {
  /** The days counted live in this answer, in order: today, and finished days not rolled up yet. */
  livedays: string[]
  /** The month's last roll-up, or null while none of its days is stored. */
  lastrollup: LastRollUp | null
}

/** The series of a TrafficInsights, in the spec's order. */
export const SERIES = [
  'traffic',
  'errors',
  'returningsessions',
  'newsessions',
  'browsers',
  'os',
  'languages',
  'source',
  'entrypages',
  'routes',
  'locations',
  'errormessages',
] as const
export type SeriesName = (typeof SERIES)[number]

/** The series keyed by day; the others are tallies. */
export const DAILY_SERIES = ['traffic', 'errors', 'returningsessions', 'newsessions'] as const

/** A marker's style on the globe: Primary where a genuine confirmed visit is, else Other. */
export type LocationStyle = 'Primary' | 'Other'

/** One place on the live globe: the sessions there, grouped. */
export interface GlobeLocation {
  longitude: number
  latitude: number
  count: number
  city: string
  region: string
  country: string
  style: LocationStyle
}

/** The answer of `/query/insights/live`: up to 1,000 sessions by place, and how many are live. */
export interface LiveInsights {
  locations: GlobeLocation[]
  /** Sessions with a place read (the most recently active first), at most 1,000. */
  sessions: number
  /** Live sessions on the site (last activity under 30 minutes ago), with a place or not. */
  live: number
}
