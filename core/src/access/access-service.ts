import type { AccessFlags, SecurityRecord } from '../shared/records.js'
import { accessFor, type AccessSubject } from '../shared/access.js'
import type { CacheService } from '../cache/cache-service.js'
import type { QueryMiddleware } from '../http/query-router.js'
import { createError } from '../errors/app-error.js'

/** Where security records come from: the `securitySource` service a plugin provides. */
export interface SecuritySource {
  getSecurity(id: string): Promise<SecurityRecord | null>
}

/** The cache type security records are kept under; clear it when a security record changes. */
export const ACCESS_CACHE_TYPE = 'access'

/**
 * Answers what a caller may do on a security record (docs/architecture.md, "Access control").
 * Security records are read through the cache, so a check costs a memory lookup on the hot path.
 */
export class AccessService {
  constructor(
    private readonly source: () => SecuritySource | undefined,
    private readonly cache: CacheService,
  ) {}

  /** The caller's four flags on a security record; no id means no gate (full access). */
  async flags(
    subject: AccessSubject | null | undefined,
    securityId?: string | null,
  ): Promise<AccessFlags> {
    // Undefined only for a gated non-administrator whose security record this node has not cached.
    return (
      this.flagsNow(subject, securityId) ?? accessFor(subject, await this.security(securityId!))
    )
  }

  /**
   * The caller's flags without waiting, when this node holds what they depend on (no gate, an
   * administrator, or the security record in its cache); undefined otherwise (then `flags`).
   */
  flagsNow(
    subject: AccessSubject | null | undefined,
    securityId?: string | null,
  ): AccessFlags | undefined {
    if (!securityId) return accessFor(subject, undefined)
    const roles = subject?.roles ?? []
    if (roles.includes('administrator')) return accessFor(subject, undefined)
    if (!this.source()) return accessFor(subject, null)
    const record = this.cache.peek<SecurityRecord | null>(ACCESS_CACHE_TYPE, securityId)
    return record === undefined ? undefined : accessFor(subject, record)
  }

  /** True when the caller holds the flag on the security record. */
  async can(
    subject: AccessSubject | null | undefined,
    securityId: string | null | undefined,
    flag: keyof AccessFlags,
  ): Promise<boolean> {
    return (await this.flags(subject, securityId))[flag]
  }

  /**
   * Route guard: lets the request through only with the flag; otherwise 401 when nobody is signed
   * in and 403 when the signed-in entity lacks the right.
   */
  require(securityId: string, flag: keyof AccessFlags): QueryMiddleware {
    return async (ctx, next) => {
      const entity = await ctx.state.entity()
      if (!(await this.can(entity, securityId, flag))) {
        throw createError(entity ? 'ERROR_ACCESS_DENIED' : 'ERROR_NOT_SIGNED_IN')
      }
      await next()
    }
  }

  private async security(id: string): Promise<SecurityRecord | null> {
    const source = this.source()
    if (!source) return null
    return this.cache.wrap(ACCESS_CACHE_TYPE, id, 'short', () => source.getSecurity(id))
  }
}
