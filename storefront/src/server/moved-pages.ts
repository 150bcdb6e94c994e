import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import { SYSTEM_ACTOR, type Entity, type Services } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { addressOfRecord, recordNamed, type WebsiteRoute } from '../shared/route-match.js'
import { required, type StorefrontState } from './page-state.js'
import { SiteSource } from './site-source.js'

/** The table of old addresses and the record each now leads to (migration storefront/001). */
const MOVED_TABLE = 'storefront_moved'
/** The longest address kept: one longer is not followed (a key column's limit on MySQL). */
const MAX_MOVED_PATH = 191
/** A site path a redirect may name: never another site's (`//host`, `/\host`). */
const SITE_PATH = /^\/(?![/\\])/

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
 * - a route that names the record (`/about` showing the web page `about`, by its `recordid` or a
 *   page view's `pageid`) is changed to name its new id, so the page keeps its address;
 * - a record shown at an address made from its id (`/item/:id`) leaves its old address behind: a
 *   visitor of it is sent to the record's address now, with 301 (kept in MOVED_TABLE, so every
 *   node and a later rename of the same record follow it).
 */
export class MovedPages {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'update' | 'findFresh'>,
    /** The route table, and whether a visitor may read a record (as its page reads it). */
    private readonly site: Pick<SiteSource, 'routes' | 'shows'>,
  ) {}

  /** After a rename: the routes naming the record follow it, or its old address is kept. */
  async follow({ type, from, to }: Renamed): Promise<void> {
    const routes = await this.site.routes()
    const naming = routes.filter((route) => {
      const shown = recordNamed(route)
      return shown?.type === type && shown.id === from
    })
    for (const route of naming) await this.rename(route, from, to)
    const before = naming.length > 0 ? null : addressOfRecord(routes, type, from)
    const after = before && addressOfRecord(routes, type, to)
    const kept = before !== null && after !== null && before !== after
    await this.db.transaction(async (trx) => {
      // An earlier address of the record leads to its new id.
      await trx(MOVED_TABLE).where({ type, id: from }).update({ id: to })
      if (!kept || before.length > MAX_MOVED_PATH) return
      // The new address is the record's own now: nothing leads away from it.
      await trx(MOVED_TABLE).where({ path: after }).delete()
      await trx(MOVED_TABLE).where({ path: before }).delete()
      await trx(MOVED_TABLE).insert({ path: before, type, id: to, moved_at: Date.now() })
    })
  }

  /** A route's own copy of a renamed record's id: its `recordid`, or a page view's `pageid`. */
  private async rename(route: WebsiteRoute, from: string, to: string): Promise<void> {
    if (route.recordid === from) {
      await this.records.update(SYSTEM_ACTOR, 'route', route.id, [{ field: 'recordid', value: to }])
      return
    }
    // Only the page view's own entry is written (by its place in the list), so an edit of
    // another prop made meanwhile stands.
    const stored = await this.records.findFresh('route', route.id)
    const props: unknown[] = Array.isArray(stored?.props) ? stored.props : []
    const at = props.findIndex((entry) => {
      const prop = entry as { id?: unknown; value?: unknown } | null
      return prop?.id === 'pageid' && prop.value === from
    })
    if (at < 0) return
    await this.records.update(SYSTEM_ACTOR, 'route', route.id, [
      { field: `props.${at}.value`, value: to },
    ])
  }

  /**
   * The record an old address leads to, or null; null too when the visitor may not read it, so
   * the redirect names no record they could not see.
   */
  async find(entity: Entity | null, path: string): Promise<{ type: string; id: string } | null> {
    if (path.length > MAX_MOVED_PATH) return null
    const row = (await this.db(MOVED_TABLE).where({ path }).first('type', 'id')) as
      { type: string; id: string } | undefined
    return row && (await this.site.shows(entity, row.type, row.id)) ? row : null
  }
}

/** The moved pages of a kernel, reading the route table through `site` (one made when not given). */
export function movedPagesOf(
  services: Pick<Services, 'db' | 'records' | 'cache'>,
  site: Pick<SiteSource, 'routes' | 'shows'> = new SiteSource(services.records, services.cache),
): MovedPages {
  return new MovedPages(services.db, services.records, site)
}

/**
 * A page no route shows, or whose record is not there, at an address a renamed record left: 301
 * to where the record is now. A client navigation's data request gets its 404, and loads the
 * address in full, which redirects.
 */
export function movedPages(moved: MovedPages): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const page = ctx.state.storefront
    // No route shows the address, or its record is not there (pageData then drops the route).
    if (page.matched !== null || page.dataRequest || page.preview) return next()
    const target = await moved.find(await ctx.state.entity(), ctx.path)
    const { routes } = required(page.site, 'the route table')
    const address = target && addressOfRecord(routes, target.type, target.id)
    if (!address || address === ctx.path || !SITE_PATH.test(address)) return next()
    // Who may follow it, and where it leads, can change: asked again every time, by every cache.
    ctx.set('Cache-Control', 'no-cache')
    ctx.status = 301
    ctx.redirect(address + (ctx.querystring ? `?${ctx.querystring}` : ''))
  }
}
