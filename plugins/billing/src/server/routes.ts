import {
  createError,
  isAppError,
  isConnectionError,
  type AccessService,
  type Logger,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import { isMonth } from '@shopwright/core/shared'
import { BILLING_SECURITY } from '../shared/types.js'
import type { BillingService } from './billing-service.js'
import { BILLING_DETAILS_ROUTE } from './route-schemas.js'

/** The longest month text echoed in a refusal's reason. */
const ECHO = 40

/** The `{month}` of a call: `YYYY-MM` exactly, or a coded 400 before anything is read. */
export function monthParam(ctx: QueryContext): string {
  const month = ctx.params.month
  if (!isMonth(month))
    throw createError('ERROR_INVALID_INPUT', {
      reason: `month must be YYYY-MM (got "${String(month ?? '').slice(0, ECHO)}").`,
    })
  return month
}

/**
 * Billing's call (docs/api.md, "Billing"): `GET /query/billing/details/{month}`, view on the
 * `billing` security record, a short cache (a tiny one for the current month). It takes no options.
 */
export function billingRoutes(
  router: QueryRouter,
  billing: BillingService,
  access: AccessService,
  logger: Logger,
): void {
  router.get(
    '/billing/details/:month',
    BILLING_DETAILS_ROUTE,
    access.require(BILLING_SECURITY, 'view'),
    async (ctx) => {
      const month = monthParam(ctx)
      const option = Object.keys(ctx.query)[0]
      if (option !== undefined)
        throw createError('ERROR_INVALID_INPUT', {
          reason: `${option.slice(0, ECHO)} is not an option of this call.`,
        })
      let details
      try {
        details = await billing.details(month)
      } catch (error) {
        // A lost connection stays the kernel's 503 (a client retries); anything else unexpected is
        // this screen's "Unable to View Billing.", with the cause in the process log.
        if (isAppError(error) || isConnectionError(error)) throw error
        logger.error({ err: error, month }, 'billing figures could not be read')
        throw createError('ERROR_BILLING_NOT_AVAILABLE', { reason: month, cause: error })
      }
      // The spec's short cache is the admin client's (README, "Caching"); the browser's own cache
      // keeps nothing (no-store, as every call): it answers by address, not by who is signed in, so
      // on a shared machine the next person would see these figures without the rights to.
      ctx.body = details
    },
  )
}
