import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import {
  isAppError,
  SYSTEM_ACTOR,
  type Entity,
  type Logger,
  type RouteContext,
} from '@shopwright/core'
import { RECORD_RENAMED, type RecordsService } from '@shopwright/plugin-records'
import { addressOfRecord, type WebsiteRoute } from '../shared/route-match.js'
import type { StorefrontState } from './page-state.js'
import { SiteSource } from './site-source.js'

/** The table of old addresses and the record each now leads to (migration storefront/001). */
export const MOVED_TABLE = 'storefront_moved'
/** The longest address kept: one longer is not followed (a key column's limit on MySQL). */
export const MAX_MOVED_PATH = 191

/** A record whose id changed: the records plugin's RECORD_RENAMED. */
export interface Renamed {
  type: string
  from: string
  to: string
}

/**
 * Pages that follow their record's rename (docs/themes.md, "Renamed records"), so links typed as
 * an address (in rich text, menus, other sites) keep working:
 *
 * - a route that names the record (`/about` showing the web page `about`) is changed to name its
 *   new id, so the page keeps its address;
 * - a record shown at an address made from its id (`/item/:id`) leaves its old address behind: a
 *   visitor of it is sent to the record's address now, with 301 (kept in MOVED_TABLE, so every
 *   node and a later rename of the same record follow it).
 */
export class MovedPages {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'update' | 'get'>,
    private readonly routes: () => Promise<readonly WebsiteRoute[]>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** After a rename: the routes naming the record follow it, or its old address is kept. */
  async follow({ type, from, to }: Renamed): Promise<void> {
    // An earlier address of the record leads to its new id.
    await this.db(MOVED_TABLE).where({ type, id: from }).update({ id: to })
    const routes = await this.routes()
    const naming = routes.filter(
      (route) => !/[:+]/.test(route.url) && route.recordtype === type && route.recordid === from,
    )
    for (const route of naming)
      await this.records.update(SYSTEM_ACTOR, 'route', route.id, [{ field: 'recordid', value: to }])
    if (naming.length > 0) return
    const before = addressOfRecord(routes, type, from)
    const after = addressOfRecord(routes, type, to)
    if (!before || !after || before === after) return
    if (before.length > MAX_MOVED_PATH) {
      this.logger.warn({ type, from, to }, 'a renamed record’s old address is too long to keep')
      return
    }
    await this.db.transaction(async (trx) => {
      // The new address is the record's own now: nothing leads away from it.
      await trx(MOVED_TABLE).where({ path: after }).delete()
      await trx(MOVED_TABLE).where({ path: before }).delete()
      await trx(MOVED_TABLE).insert({ path: before, type, id: to, moved_at: Date.now() })
    })
  }

  /**
   * The record an old address leads to, or null; null too when the visitor may not read it, so
   * the redirect names no record they could not see.
   */
  async find(entity: Entity | null, path: string): Promise<{ type: string; id: string } | null> {
    if (path.length > MAX_MOVED_PATH) return null
    const row = (await this.db(MOVED_TABLE).where({ path }).first('type', 'id')) as
      { type: string; id: string } | undefined
    if (!row) return null
    try {
      await this.records.get(entity, row.type, row.id)
      return row
    } catch (error) {
      // Gone or hidden: a 404 as any; a database that does not answer is the 503 page's.
      if (isAppError(error) && error.status < 500) return null
      throw error
    }
  }
}

/**
 * A page no route shows, or whose record is not there, at an address a renamed record left: 301
 * to where the record is now. A client navigation's data request gets its 404, and loads the
 * address in full, which redirects.
 */
export function movedPages(moved: MovedPages): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const page = ctx.state.storefront
    const missing = page.matched === null || page.data?.notFound === true
    if (!missing || page.dataRequest || page.preview) return next()
    const target = await moved.find(await ctx.state.entity(), ctx.path)
    const routes = page.site?.routes ?? []
    const address = target && addressOfRecord(routes, target.type, target.id)
    if (!address || address === ctx.path) return next()
    ctx.status = 301
    ctx.redirect(address + (ctx.querystring ? `?${ctx.querystring}` : ''))
  }
}

/**
 * Follows every rename from the start (mountPages): the node that renamed a record writes what
 * moved, in the database every node reads. A failure is logged; the rename stands.
 */
export function followRenames({ services }: Pick<RouteContext, 'services'>): MovedPages {
  const source = new SiteSource(services.records, services.cache)
  const moved = new MovedPages(
    services.db,
    services.records,
    () => source.routes(),
    services.logger,
  )
  services.events.on<Renamed>(RECORD_RENAMED, async (renamed) => {
    try {
      await moved.follow(renamed)
    } catch (error) {
      services.logger.warn(
        { err: error, ...renamed },
        'a renamed record’s page could not follow it',
      )
    }
  })
  return moved
}
