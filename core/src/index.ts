/** @shopwright/core: the kernel, the plugin contract and the services every plugin may use. */
export * from './config/index.js'
export { createKernel, type Kernel, type KernelOptions } from './kernel/create-kernel.js'
export { definePlugin } from './kernel/plugin.js'
// The container's registrations and the validation library, from core's own copies: a plugin
// needs no dependency of its own on them, and never a second version (docs/plugins.md).
export { asClass, asFunction, asValue, Lifetime } from 'awilix'
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
export { orderPlugins } from './kernel/order-plugins.js'
export { KernelError, type KernelErrorCode } from './kernel/kernel-error.js'
export type { Services, SeedWriter } from './kernel/services.js'
export { Lifecycle } from './kernel/lifecycle.js'
export { createLogger, flushLogger, type Logger } from './logger.js'
export { NOT_COPIED, tapLog, type CopiedRecord, type LogListener } from './log/log-tap.js'
export {
  createDatabase,
  dialectOf,
  sharedSqliteFile,
  pingDatabase,
  type DatabaseDialect,
} from './db/create-database.js'
export { MIGRATIONS_TABLE, pendingMigrations, runMigrations } from './db/migrations.js'
export { AppError, createError, isAppError, type AppErrorOptions } from './errors/app-error.js'
export { CodedError, isCodedError } from './errors/coded-error.js'
export { toAppError } from './http/error-handler.js'
export { addressRedactor, type AddressRedactor } from './http/log-address.js'
export { AccessService, ACCESS_CACHE_TYPE, type SecuritySource } from './access/access-service.js'
export { SYSTEM_ACTOR, actorName, isAdministrator, isSystemActor } from './access/actor.js'
export {
  LayeredCache,
  type CacheService,
  type CacheStats,
  type CacheTypeStats,
} from './cache/cache-service.js'
export {
  NodeRegistry,
  NODE_HEARTBEAT_MS,
  NODE_TTL_MS,
  type ClusterNode,
  type ClusterView,
} from './cluster/node-registry.js'
export { KernelEventBus, type EventBus, type EventHandler } from './events/event-bus.js'
export {
  KernelRateLimiter,
  type LimitRule,
  type RateLimiterService,
} from './limits/rate-limiter.js'
// A type only: the Redis client module is loaded on demand (see createKernel).
export type { RedisConnections } from './redis/redis-connections.js'
export type { Authenticator, Entity, QueryState } from './http/state.js'
export {
  QueryRouter,
  type MatchedRoute,
  type QueryContext,
  type QueryMethod,
  type QueryMiddleware,
  type RouteChain,
  type RouteInfo,
  type RouteParameters,
} from './http/query-router.js'
export {
  describe,
  isFileAnswer,
  type FileAnswer,
  type RouteAccess,
  type RouteDescription,
  type RouteError,
} from './http/route-description.js'
export {
  openApiDocument,
  openApiPath,
  REST_PARAMETER,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiResponse,
} from './openapi/openapi-document.js'
export type { JsonSchema } from './openapi/json-schema.js'
export * from './shared/index.js'
export { readUpload, parseSize } from './http/read-upload.js'
export { readBody } from './http/read-body.js'
export { queryOption } from './http/query-option.js'
export { inspectJson, jsonProblem, MAX_JSON_DEPTH } from './http/json-safety.js'
export { escapeHtml } from './http/html-page.js'
export { isConnectionError, isDuplicateKey } from './db/errors.js'
export { isLockRace, retryTransaction } from './db/retry-transaction.js'
export { sqliteTransaction, type SqliteStatements } from './db/sqlite-transaction.js'
export { clientKey } from './limits/client-key.js'
export { pooledRandomBytes } from './random.js'
export { binaryKeys, convertToBinaryKeys, BINARY_COLLATION } from './db/binary-keys.js'
export { insertRows } from './db/insert-rows.js'
export { databaseSize } from './db/database-size.js'
export {
  KernelMeters,
  METER_NAME,
  METERS_TABLE,
  type MeterReading,
  type Meters,
} from './meters/meters.js'
export type { ScheduledRun, ScheduledTask, Scheduler } from './schedule/scheduler.js'
