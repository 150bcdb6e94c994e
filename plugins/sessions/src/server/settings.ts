import { wholeNumber, type SettingsOf, z } from '@shopwright/core'

/**
 * The sessions plugin's settings (README, "Settings"): environment variables, or their camelCase
 * keys in shopwright.config.*.
 */
export const SESSIONS_SETTINGS = {
  /**
   * How much of a visitor's address is stored: `full`, `truncated` (IPv4 /24, IPv6 /48: the last
   * part zeroed) or `none`. The location is looked up on the full address before it is cut.
   */
  sessionsIpPrecision: {
    env: 'SESSIONS_IP_PRECISION',
    schema: z
      .enum(['full', 'truncated', 'none'], { error: 'must be full, truncated or none' })
      .default('truncated'),
  },
  /** Sessions whose last activity is older than this many days are deleted, with their pages. */
  sessionsRetentionDays: {
    env: 'SESSIONS_RETENTION_DAYS',
    schema: wholeNumber(1, 3650).default(90),
  },
  /** Look visitors' addresses up in the shipped DB-IP City Lite database (`false`: no location). */
  sessionsGeoip: {
    env: 'SESSIONS_GEOIP',
    schema: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
      .default(true),
  },
  /** Most milliseconds a storefront page's session change waits before it is written. */
  sessionsFlushMs: { env: 'SESSIONS_FLUSH_MS', schema: wholeNumber(10, 60_000).default(1_000) },
  /**
   * Most tracked pages waiting to be written on one node; past it `/query/track` answers 503
   * ERROR_TRACKING_BUSY (nothing is taken that cannot be stored).
   */
  sessionsBufferLimit: {
    env: 'SESSIONS_BUFFER_LIMIT',
    schema: wholeNumber(100, 1_000_000).default(20_000),
  },
  /** Most `/query/track` calls one address may make a minute (0: no limit). */
  sessionsTrackLimit: {
    env: 'SESSIONS_TRACK_LIMIT',
    schema: wholeNumber(0, 1_000_000_000).default(120),
  },
  /**
   * Most new sessions one client address may start an hour once the visitor has shown it is a
   * browser: it sent the visit cookie back, or its tracker posted (0: no limit). Counted when a
   * session is first stored, across the nodes (README, "How many sessions an address starts").
   */
  sessionsStartLimit: {
    env: 'SESSIONS_START_LIMIT',
    schema: wholeNumber(0, 1_000_000_000).default(100),
  },
  /**
   * Most new sessions one client address may start an hour from pages asked for without the visit
   * cookie (a browser's first page, a crawler, a scanner, a script; 0: no limit).
   */
  sessionsCookielessLimit: {
    env: 'SESSIONS_COOKIELESS_LIMIT',
    schema: wholeNumber(0, 1_000_000_000).default(10),
  },
} as const

export type SessionsSettings = SettingsOf<typeof SESSIONS_SETTINGS>
