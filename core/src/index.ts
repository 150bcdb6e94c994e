/** @shopwright/core: the kernel, the plugin contract and the services every plugin may use. */
export {
  ConfigError,
  loadConfig,
  wholeNumber,
  type ConfigInput,
  type ShopwrightConfig,
} from './config/index.js'
export { createKernel, type Kernel, type KernelOptions } from './kernel/create-kernel.js'
export { definePlugin } from './kernel/plugin.js'
// The container's registrations and the validation library, from core's own copies: a plugin
// needs no dependency of its own on them, and never a second version (docs/plugins.md).
// awilix's browser build: the same container without its module loader, whose fast-glob would
// load some sixty files at every start (docs/benchmarks.md, issue 34).
export { asClass, asFunction, asValue, Lifetime } from 'awilix/browser'
export { z } from 'zod'
export type {
  BootstrapContext,
  Migration,
  PluginDefinition,
  RegisterContext,
  RouteContext,
  SettingDefinition,
  SettingsOf,
  SettingsTable,
} from './kernel/plugin.js'
export type { SecurityTable } from './kernel/plugin-security.js'
export { orderPlugins } from './kernel/order-plugins.js'
export { KernelError, type KernelErrorCode } from './kernel/kernel-error.js'
export type { PluginCradle, PluginInternals, Services, SeedWriter } from './kernel/services.js'
export { createLogger, type Logger } from './logger.js'
export { NOT_COPIED, tapLog, type CopiedRecord } from './log/log-tap.js'
export {
  createDatabase,
  dialectOf,
  sharedSqliteFile,
  type DatabaseDialect,
} from './db/create-database.js'
export {
  MIGRATIONS_TABLE,
  migrationNames,
  pendingMigrations,
  runMigrations,
  type MigrationOptions,
} from './db/migrations.js'
export { MIGRATION_LEASE_TABLE } from './db/migration-lease.js'
export { resolvePluginSettings } from './config/plugin-settings.js'
export { AppError, createError, isAppError } from './errors/app-error.js'
export { toAppError } from './http/error-handler.js'
export {
  addressRedactor,
  isSecretKey,
  logRedactor,
  REDACTED,
  redactEntry,
  type LogRedactor,
  type Redactor,
} from './log/redact.js'
export { AccessService, ACCESS_CACHE_TYPE, type SecuritySource } from './access/access-service.js'
export { SYSTEM_ACTOR, actorName, isAdministrator, isSystemActor } from './access/actor.js'
export { LayeredCache, type CacheService, type CacheStats } from './cache/cache-service.js'
export { KernelEventBus, type EventBus, type EventHandler } from './events/event-bus.js'
export { type LimitRule, type RateLimiterService } from './limits/rate-limiter.js'
// A type only: the Redis client module is loaded on demand (see createKernel).
export type { RedisConnections } from './redis/redis-connections.js'
export type { Authenticator, Entity, QueryState } from './http/state.js'
export {
  QueryRouter,
  type DescribedMiddleware,
  type QueryContext,
  type QueryMiddleware,
  type RouteInfo,
} from './http/query-router.js'
export {
  describe,
  isFileAnswer,
  type RouteAccess,
  type RouteDescription,
} from './http/route-description.js'
export type { RouteInput } from './http/route-input.js'
// What server code uses of the browser-safe part; the rest is `@shopwright/core/shared`'s.
export {
  ACCESS_RIGHTS,
  ADMINISTRATOR_ROLE,
  COOKIE_FALLBACK_SECONDS,
  ERROR_MESSAGES,
  EVERYONE_ROLE,
  FULL_ACCESS,
  NO_ACCESS,
  accessFor,
  dayOf,
  daysOfMonth,
  defineErrors,
  fromBase62,
  isMonth,
  isReference,
  isValidId,
  monthOf,
  reference,
  rolesOf,
  toBase62,
  type AccessFlags,
  type ErrorCodes,
  type ErrorCodesOf,
  type ErrorDefinition,
  type RecordData,
  type RecordReference,
  type SecurityRecord,
} from './shared/index.js'
export { readUpload, parseSize } from './http/read-upload.js'
export { readBody } from './http/read-body.js'
export { queryOption } from './http/query-option.js'
export { inspectJson } from './http/json-safety.js'
export { escapeHtml } from './http/html-page.js'
export { contentSecurityPolicy } from './http/security-headers.js'
export { isConnectionError, isDuplicateKey } from './db/errors.js'
export { isLockRace, retryTransaction } from './db/retry-transaction.js'
export { sqliteTransaction } from './db/sqlite-transaction.js'
export { clientKey } from './limits/client-key.js'
export { pooledRandomBytes } from './random.js'
export { binaryKeys, convertToBinaryKeys } from './db/binary-keys.js'
export { insertRows } from './db/insert-rows.js'
export { databaseSize } from './db/database-size.js'
export { KernelMeters, METERS_TABLE, type MeterReading, type Meters } from './meters/meters.js'
export type { ScheduledTask, Scheduler } from './schedule/scheduler.js'
