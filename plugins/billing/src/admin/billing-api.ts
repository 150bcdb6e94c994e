import type { QueryClient } from '@shopwright/client'
import type { BillingDetails } from '../shared/types.js'

/** Billing's call as the screen makes it; tests hand the screen a fake. */
export interface BillingApi {
  details(month: string, live: boolean): Promise<BillingDetails>
  /** Forgets the answers kept, so the next call asks the server. */
  forget(): void
}

/** The call through the admin's `/query` client: a month that is over keeps the spec's short cache. */
export function billingApi(client: QueryClient): BillingApi {
  return {
    details: (month, live) =>
      client.get<BillingDetails>(`/billing/details/${encodeURIComponent(month)}`, undefined, {
        cache: live ? 'tiny' : 'short',
      }),
    forget: () => client.clearCache('/billing/details'),
  }
}
