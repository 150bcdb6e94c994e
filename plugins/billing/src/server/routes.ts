import {
  createError,
  isAppError,
  isConnectionError,
  type AccessService,
  type Logger,
  type QueryRouter,
} from '@shopwright/core'
import { BILLING_SECURITY } from '../shared/types.js'
import type { BillingService } from './billing-service.js'
import { BILLING_DETAILS_ROUTE } from './route-schemas.js'

/**
 * Billing's call (docs/api.md, "Billing"): `GET /query/billing/details/{month}`, view on the
 * `billing` security record, a short cache (a tiny one for the current month). Its description
 * (route-schemas.ts) refuses a malformed month and any option before the handler runs.
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
      const { month } = ctx.input.params
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
