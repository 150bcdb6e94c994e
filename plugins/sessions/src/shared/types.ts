/** The security record that gates the sessions screens and calls (docs/api.md, "Sessions"). */
export const SESSIONS_SECURITY = 'sessions'

/** A session is live while its last activity is under this old (README, "Live visitors"). */
export const LIVE_MS = 30 * 60 * 1000

/** Where a visit came from (docs: the plugin's README, "Medium rules"). */
export type Medium = 'search' | 'social' | 'email' | 'paid' | 'internal' | 'direct' | 'referral'

/** What kind of device the user agent says it is. */
export type Platform = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'bot' | ''

/** A name and a version (browser or operating system); '' when unknown. */
export interface NameVersion {
  name: string
  version: string
}

/** One row of `/query/session/list`. */
export interface SessionRow {
  id: string
  startDate: string
  endDate: string
  city: string
  region: string
  country: string
  browser: NameVersion
  os: NameVersion
  platform: Platform
  robot: boolean
  virus: boolean
  spam: boolean
  confirmed: boolean
  /** Its last activity is under 30 minutes old. */
  live: boolean
}

/** The answer of `/query/session/list`: a page, and the token of the next one (absent at the end). */
export interface SessionPage {
  list: SessionRow[]
  pagesize: number
  nextpage?: string
}

/** One tracked page of a session (docs/api.md, "Sessions"). */
export interface SessionPageView {
  href: string
  entry: string
  exit: string
  startDate: string
  endDate: string
  /** How far down the visitor scrolled, 0 to 100. */
  scroll: number
}

/** The answer of `/query/session/get/{id}` (docs/api.md, "Sessions"). */
export interface SessionDetail extends SessionRow {
  sessions: number
  language: string
  latitude: number | null
  longitude: number | null
  ip: string
  userAgent: string
  referer: { medium: Medium; referer: string }
  /** Why each flag is set, by rule name (the plugin's README lists the rules). */
  reasons: string[]
  pages: SessionPageView[]
}

/** The answer of `/query/session/live`: sessions active in the last 30 minutes, on all nodes. */
export interface LiveCount {
  live: number
}

/** Counts by a key (a browser's name, a country's code, a page's path...). */
export type Tally = Record<string, number>

/**
 * What the visitors of one UTC day did (`sessions.dayFacts`), for insights. Only genuine confirmed
 * sessions count (no robot, virus or spam flag; tracked pages received), each on the day it started.
 * Tallies of paths and places keep their FACTS_KEYS largest keys; the rest add up under OTHER_KEY
 * (`(other)`, core's).
 */
export interface DayFacts {
  /** YYYY-MM-DD, UTC. */
  day: string
  sessions: number
  /** Sessions of a browser's first visit (its `sessions` count is 1). */
  newSessions: number
  returningSessions: number
  /** Tracked pages of those sessions. */
  pages: number
  browsers: Tally
  os: Tally
  /** The visitors' first language, lower case (`en-us`). */
  languages: Tally
  /** By medium: search, social, email, paid, internal, direct, referral. */
  sources: Tally
  /**
   * By place, `country|region|city` (ISO 3166-1 alpha-2 code; region and city '' when unknown);
   * sessions with no known country are not in it.
   */
  places: Tally
  /** By the path of each session's first tracked page (no query string). */
  entryPages: Tally
  /** By the path of every tracked page (no query string). */
  routes: Tally
}

/** The most keys a path or place tally of DayFacts keeps. */
export const FACTS_KEYS = 500

/** A session with a known place, for the live globe (`sessions.located`). */
export interface LocatedSession {
  latitude: number
  longitude: number
  city: string
  region: string
  country: string
  confirmed: boolean
  /** No robot, virus or spam flag. */
  genuine: boolean
}

/** The credit DB-IP's licence asks for wherever its locations are shown (README, "Geo-IP"). */
export const GEO_CREDIT = {
  name: 'DB-IP',
  href: 'https://db-ip.com',
  licence: '(CC BY 4.0)',
} as const

/**
 * Where a visitor's address places them, as DB-IP City Lite gives it: blank texts and null
 * coordinates when unknown (a private address, no database).
 */
export interface GeoLocation {
  city: string
  region: string
  country: string
  latitude: number | null
  longitude: number | null
}
