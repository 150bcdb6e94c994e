import type { Knex } from 'knex'
import {
  definePlugin,
  dialectOf,
  type DatabaseDialect,
  type ErrorCodesOf,
  type Logger,
  type Meters,
  type RateLimiterService,
  type RedisConnections,
  type Services,
  asFunction,
} from '@shopwright/core'
import type {} from '@shopwright/plugin-records'
import { locate, NO_LOCATION } from './server/geo.js'
import { storedIp } from './server/ip.js'
import { LiveCounter } from './server/live-counter.js'
import { migrations } from './server/migrations.js'
import { TRACK_LIMIT, sessionRoutes } from './server/routes.js'
import { SessionStore, type SessionWrite } from './server/session-store.js'
import { SessionWriter, type PendingSession } from './server/session-writer.js'
import { SessionsService } from './server/sessions-service.js'
import { SESSIONS_SETTINGS, type SessionsSettings } from './server/settings.js'
import { Tracker } from './server/tracker.js'
import { SessionFacts } from './server/session-facts.js'
import {
  COOKIELESS_LIMIT,
  SessionStarts,
  START_LIMIT,
  START_WINDOW_SECONDS,
} from './server/session-starts.js'
import type { VisitorRequest } from './server/visitor.js'
import { SESSIONS_ERRORS } from './shared/errors.js'
import { SESSIONS_PHRASES } from './shared/phrases.js'
import { SESSIONS_SECURITY } from './shared/types.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

export * from './shared/index.js'
export type { SessionsService } from './server/sessions-service.js'
export type { SessionsSettings } from './server/settings.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof SESSIONS_ERRORS> {}
  interface Services {
    /** Visitor sessions as the admin reads them (list, detail, live count, clear). */
    sessions: SessionsService
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    /** Starts and extends sessions from storefront pages and tracked pages. */
    sessionTracker: Tracker
    /** This node's queue of session and page writes. */
    sessionWriter: SessionWriter
  }
}

/**
 * The storefront's page event (`PAGE_REQUEST_EVENT` of `@shopwright/storefront/server`): a page is
 * being served to a visitor. Named here, not imported, so this plugin runs without the storefront
 * package; test/storefront-pages.test.ts serves real storefront pages and fails if the two differ.
 */
export const STOREFRONT_PAGE_EVENT = 'storefront.page-request'

/** How often old sessions are pruned (SESSIONS_RETENTION_DAYS). */
const PRUNE_EVERY_MS = 60 * 60 * 1000
const DAY_MS = 24 * 3600 * 1000

/** Each session's location from its whole address, then the address cut as SESSIONS_IP_PRECISION says. */
function locateAll(
  sessions: readonly PendingSession[],
  settings: SessionsSettings,
): Promise<SessionWrite[]> {
  return Promise.all(
    // `proven` was for the start limits; only the session's fields are written.
    sessions.map(async ({ address, proven: _proven, ...session }) => ({
      ...session,
      ...(settings.sessionsGeoip ? await locate(address) : NO_LOCATION),
      ip: storedIp(address, settings.sessionsIpPrecision),
    })),
  )
}

/** The plugin's parts on one node, made once, when a service is first asked for. */
interface Parts {
  store: SessionStore
  writer: SessionWriter
  tracker: Tracker
  sessions: SessionsService
}

function makeParts(
  db: Knex,
  redis: RedisConnections | null,
  meters: Meters,
  limiter: RateLimiterService,
  dialect: DatabaseDialect,
  settings: SessionsSettings,
  logger: Logger,
): Parts {
  const store = new SessionStore(db, dialect)
  const live = new LiveCounter(redis, store, logger)
  const starts = new SessionStarts(
    store,
    limiter,
    { start: settings.sessionsStartLimit > 0, cookieless: settings.sessionsCookielessLimit > 0 },
    meters,
  )
  const writer = new SessionWriter(
    store,
    {
      prepare: async (sessions) => {
        const admitted = await starts.admit(sessions)
        if (admitted.length < sessions.length) {
          const kept = new Set(admitted.map((session) => session.id))
          for (const session of sessions) if (!kept.has(session.id)) tracker.forget(session.id)
        }
        return locateAll(admitted, settings)
      },
      written: (sessions) => live.record(sessions),
    },
    logger,
    { flushMs: settings.sessionsFlushMs, limit: settings.sessionsBufferLimit },
  )
  const tracker = new Tracker(writer, logger)
  return {
    store,
    writer,
    tracker,
    sessions: new SessionsService(store, writer, live, new SessionFacts(db), () =>
      tracker.forget(),
    ),
  }
}

async function prune(store: SessionStore, days: number, logger: Logger, stopping: () => boolean) {
  try {
    const removed = await store.prune(Date.now() - days * DAY_MS, stopping)
    if (removed > 0) logger.info({ removed, days }, 'sessions: pruned old sessions')
  } catch (error) {
    logger.warn({ err: error }, 'sessions: pruning old sessions failed; tried again later')
  }
}

/**
 * Visitor sessions (README): started by storefront pages, confirmed by the pages the browser
 * tracks (`/query/track`), listed at /sessions for the `sessions` security record's holders.
 */
export default definePlugin({
  name: 'sessions',
  dependsOn: ['records'],
  requires: ['records'],
  // The tracker and its writer stay in this plugin's container (docs/plugins.md, "Services").
  provides: ['sessions'],
  settings: SESSIONS_SETTINGS,
  errors: SESSIONS_ERRORS,
  security: { [SESSIONS_SECURITY]: { name: 'Sessions', access: { allmanagers: 'all' } } },
  migrations,
  register({ container, config, settings, logger }) {
    const dialect = dialectOf(config.databaseUrl)
    if (settings.sessionsTrackLimit > 0)
      container.cradle.limiter.define(TRACK_LIMIT, {
        points: settings.sessionsTrackLimit,
        duration: 60,
        code: 'ERROR_TOO_MANY_REQUESTS',
      })
    // Sessions an address may start an hour (README, "How many sessions an address starts").
    for (const [name, points] of [
      [START_LIMIT, settings.sessionsStartLimit],
      [COOKIELESS_LIMIT, settings.sessionsCookielessLimit],
    ] as const)
      if (points > 0)
        container.cradle.limiter.define(name, { points, duration: START_WINDOW_SECONDS })
    let parts: Parts | undefined
    const partsOf = (cradle: Pick<Services, 'db' | 'redis' | 'meters' | 'limiter'>) =>
      (parts ??= makeParts(
        cradle.db,
        cradle.redis,
        cradle.meters,
        cradle.limiter,
        dialect,
        settings,
        logger,
      ))
    container.register({
      sessionWriter: asFunction((cradle: Services) => partsOf(cradle).writer).singleton(),
      sessionTracker: asFunction((cradle: Services) => partsOf(cradle).tracker).singleton(),
      sessions: asFunction((cradle: Services) => partsOf(cradle).sessions).singleton(),
    })
  },
  bootstrap({ services, settings, logger, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('sessions', ['/sessions', '/session/:id'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('sessions', { admin: SESSIONS_PHRASES })
    const tracker = services.sessionTracker
    services.events.on<{ href: string; ctx: VisitorRequest }>(
      STOREFRONT_PAGE_EVENT,
      ({ href, ctx }) => tracker.page(ctx, href),
    )
    const store = new SessionStore(services.db, dialectOf(services.config.databaseUrl))
    const stopping = () => services.lifecycle.stopping
    const timer = setInterval(
      () => void prune(store, settings.sessionsRetentionDays, logger, stopping),
      PRUNE_EVERY_MS,
    )
    timer.unref()
    services.lifecycle.signal.addEventListener('abort', () => clearInterval(timer))
    void prune(store, settings.sessionsRetentionDays, logger, stopping)
  },
  async destroy({ services }) {
    // After the server stopped taking requests and drained: every page answered 2xx is stored
    // already; what storefront pages queued since the last batch is written now.
    await services.sessionWriter.close()
  },
  routes(router, { services, access, settings }) {
    sessionRoutes(router, {
      tracker: services.sessionTracker,
      sessions: services.sessions,
      access,
      limiter: services.limiter,
      trackLimit: settings.sessionsTrackLimit,
    })
  },
})
