import path from 'node:path'
import { z } from 'zod'
import type { PluginDefinition } from '../kernel/plugin.js'

/**
 * A whole number in a range, from a number or its text, with one plain message for any mistake;
 * plugins use it for their own settings too.
 */
export function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Each setting: its config-file key, its environment variable, and its rule. */
export const SETTINGS = {
  port: { env: 'PORT', schema: wholeNumber(0, 65535) },
  host: { env: 'HOST', schema: z.string().min(1) },
  dataDir: { env: 'DATA_DIR', schema: z.string().min(1) },
  databaseUrl: {
    env: 'DATABASE_URL',
    schema: z
      .string()
      .regex(
        /^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/,
        'must start with sqlite:, mysql:// or mariadb://',
      )
      .optional(),
  },
  redisUrl: {
    env: 'REDIS_URL',
    schema: z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must start with redis:// or rediss://')
      .optional(),
  },
  databaseTimeout: { env: 'DATABASE_TIMEOUT', schema: wholeNumber(0, 600_000) },
  redisTimeout: { env: 'REDIS_TIMEOUT', schema: wholeNumber(50, 60_000) },
  redisPrefix: {
    env: 'REDIS_PREFIX',
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'must be 1-32 characters of A-Z, a-z, 0-9, _, . and -'),
  },
  nodeEnv: { env: 'NODE_ENV', schema: z.enum(['development', 'production', 'test']) },
  logLevel: { env: 'LOG_LEVEL', schema: z.enum(LOG_LEVELS) },
  logFormat: { env: 'LOG_FORMAT', schema: z.enum(['auto', 'pretty', 'json']) },
  siteUrl: {
    env: 'SITE_URL',
    schema: z
      .string()
      .regex(
        /^https?:\/\/[^/\s?#]+\/?$/,
        "must be the site's public address, like https://shop.example.com (no path)",
      )
      .transform((value) => value.replace(/\/$/, ''))
      .optional(),
  },
  plugins: {
    env: 'PLUGINS',
    schema: z.array(
      z.union([
        z.string().regex(/^[a-z0-9@/._-]+$/, 'plugin names use a-z, 0-9, @, /, ., _ and -'),
        z.custom<PluginDefinition>(
          (value) =>
            typeof value === 'object' &&
            value !== null &&
            typeof (value as { name?: unknown }).name === 'string',
          'a plugin must be a name or a definePlugin() object',
        ),
      ]),
    ),
  },
  theme: { env: 'THEME', schema: z.string().min(1) },
  bodyLimit: {
    env: 'BODY_LIMIT',
    schema: z.string().regex(/^\d+(b|kb|mb)$/i, "must look like '1mb', '512kb' or '2048b'"),
  },
  uploadLimit: {
    env: 'UPLOAD_LIMIT',
    schema: z.string().regex(/^\d+(b|kb|mb)$/i, "must look like '100mb', '512kb' or '2048b'"),
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    schema: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  },
  proxyHops: { env: 'PROXY_HOPS', schema: wholeNumber(1, 10) },
  shutdownTimeout: { env: 'SHUTDOWN_TIMEOUT', schema: wholeNumber(0, 600_000) },
  keepAliveTimeout: { env: 'KEEP_ALIVE_TIMEOUT', schema: wholeNumber(1_000, 3_600_000) },
} as const

/** A setting's name as written in a config file. */
export type SettingKey = keyof typeof SETTINGS

/** The resolved, validated configuration every part of Shopwright reads. */
export interface ShopwrightConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string
  /**
   * Milliseconds one query may take on MySQL/MariaDB, and a request may wait for a database
   * connection; past it the request answers 503 (docs/operations.md, "Database outages"). 0: no limit.
   */
  databaseTimeout: number
  redisUrl: string | undefined
  /**
   * Milliseconds one Redis command may take; past it Redis counts as away and the node serves
   * without it until it answers again (docs/operations.md, "Redis outages").
   */
  redisTimeout: number
  /** Namespace of this site's Redis keys and channels, so several sites can share one Redis. */
  redisPrefix: string
  nodeEnv: 'development' | 'production' | 'test'
  logLevel: (typeof LOG_LEVELS)[number]
  /**
   * `pretty`: one readable, coloured line per entry (NO_COLOR turns colours off); `json`: one JSON
   * object per line, for a supervisor or a log shipper; `auto`: pretty on a terminal and in
   * development, JSON otherwise (docs/operations.md, "Logs").
   */
  logFormat: 'auto' | 'pretty' | 'json'
  /**
   * The site's public address (scheme, host and port), for links that leave the site: e-mails
   * never build links from a request's Host header, which a caller writes.
   */
  siteUrl: string | undefined
  plugins: Array<string | PluginDefinition>
  theme: string
  bodyLimit: string
  /** Largest file upload (imports, drive), e.g. '100mb'. */
  uploadLimit: string
  trustProxy: boolean
  /**
   * How many proxies in front append to X-Forwarded-For: the client address is that many entries
   * from the right. Entries further left are written by the client and never trusted.
   */
  proxyHops: number
  /** Milliseconds a graceful shutdown waits for open requests before closing them. */
  shutdownTimeout: number
  /**
   * Milliseconds an idle keep-alive connection is kept: above the idle timeout of the balancer in
   * front, so the balancer always closes first (docs/operations.md, "Keep-alive").
   */
  keepAliveTimeout: number
  /**
   * What the config file (and a caller's overrides) set beyond core's settings: the plugins'
   * settings, validated by each plugin's schema at boot (docs/plugins.md, "Settings").
   */
  settings: Readonly<Record<string, unknown>>
  /** Where each of `settings` was written (`shopwright.config.json: someKey`), for boot errors. */
  settingSources?: Readonly<Record<string, string>>
}

/** What a config file or a test may set: any subset of the settings. */
export type ConfigInput = Partial<ShopwrightConfig>

/** Defaults that depend on nothing else; databaseUrl depends on dataDir and is filled in later. */
export function defaults(
  cwd: string,
): Omit<ShopwrightConfig, 'databaseUrl' | 'redisUrl' | 'siteUrl'> {
  return {
    port: 3000,
    host: '0.0.0.0',
    dataDir: path.join(cwd, 'data'),
    databaseTimeout: 5_000,
    redisTimeout: 1_000,
    redisPrefix: 'sw',
    nodeEnv: 'production',
    logLevel: 'info',
    logFormat: 'auto',
    // The CLI names the built-in plugins when a project names none; the kernel alone runs none.
    plugins: [],
    theme: '@shopwright/theme-default',
    bodyLimit: '1mb',
    uploadLimit: '100mb',
    trustProxy: false,
    proxyHops: 1,
    shutdownTimeout: 10_000,
    keepAliveTimeout: 65_000,
    settings: {},
  }
}
