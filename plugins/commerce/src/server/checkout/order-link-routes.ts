/**
 * `GET /query/ns/order/{id}?key=`: the order an order link opens (README, "Order
 * links"), for whoever holds the link, signed in or not. A wrong, forged or another order's key
 * answers 404 ERROR_ORDER_NOT_AVAILABLE, as an order that does not exist does.
 */
import { createError, type QueryRouter } from '@shopwright/core'
import { ORDER_TYPE } from '../../shared/types.js'
import type { Documents } from '../documents/documents.js'
import { ORDER_LINK_ROUTES } from '../route-schemas.js'
import type { OrderLinks } from './order-links.js'

export interface OrderLinkServices {
  links: Pick<OrderLinks, 'opens'>
  documents: Pick<Documents, 'byLink'>
}

export function orderLinkRoutes(router: QueryRouter, services: OrderLinkServices): void {
  router.get('/ns/order/:id', ORDER_LINK_ROUTES.get, async (ctx) => {
    // A malformed id or key was refused as a missing order by the description (route-schemas.ts).
    const { id } = ctx.input.params
    if (!(await services.links.opens(id, ctx.input.query.key)))
      throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: id })
    // The key is in the address: no cache keeps the answer, no link followed from it carries it.
    ctx.set('Cache-Control', 'private, no-store')
    ctx.set('Referrer-Policy', 'no-referrer')
    ctx.body = await services.documents.byLink(ORDER_TYPE, id)
  })
}
