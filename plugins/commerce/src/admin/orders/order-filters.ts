import type { Translate } from '@shopwright/admin-ui/kit'
import { ORDER_FILTERS, type OrderFilter } from '../../shared/orders.js'
import type { OrderListRequest } from './orders-api.js'

/** A day as the date fields and the list call take it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The list's filters from the address (`/orders?filter=toFulfil&q=ada&from=2026-01-01`): what the
 * address says, with anything malformed left out, so a hand-edited link still opens a list.
 */
export function requestOf(search: URLSearchParams): OrderListRequest {
  const filter = search.get('filter') ?? ''
  const q = search.get('q')?.trim() ?? ''
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  return {
    ...((ORDER_FILTERS as readonly string[]).includes(filter) && filter !== 'all'
      ? { filter: filter as OrderFilter }
      : {}),
    ...(q ? { q: q.slice(0, 200) } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  }
}

/** A filter tab's name. */
export function filterLabel(t: Translate, filter: OrderFilter): string {
  switch (filter) {
    case 'all':
      return t('All')
    case 'pendingPayment':
      return t('Pending payment')
    case 'toFulfil':
      return t('To fulfil')
    case 'partlyShipped':
      return t('Partly shipped')
    case 'shipped':
      return t('Shipped')
    case 'cancelled':
      return t('Cancelled')
    case 'refunded':
      return t('Refunded')
  }
}
