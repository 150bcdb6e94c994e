import type { AccessService, Entity, QueryRouter, RouteInput } from '@shopwright/core'
import { ORDERS_SECURITY } from '../../shared/types.js'
import type { OrderCancel } from './order-cancel.js'
import type { OrderDesk } from './order-desk.js'
import type { OrderList } from './order-list.js'
import type { OrderSummary } from './order-summary.js'
import type { OrderRefund } from './order-refund.js'
import { ORDER_DESK_ROUTES } from './order-route-schemas.js'
import type { OrderViews } from './order-view.js'

export interface OrderDeskServices {
  desk: OrderDesk
  cancels: OrderCancel
  refunds: OrderRefund
  list: OrderList
  summary: OrderSummary
  views: OrderViews
}

/**
 * The orders desk's calls (README, "Orders desk"): reading an order needs view on the `orders`
 * security record, each action edit. Paths and bodies are checked by their descriptions.
 */
export function orderDeskRoutes(
  router: QueryRouter,
  services: OrderDeskServices,
  access: AccessService,
): void {
  /** A read of the desk: view on `orders`, never kept by a cache between staff. */
  const read = <K extends 'summary' | 'lowstock' | 'list' | 'get'>(
    path: string,
    key: K,
    answer: (input: RouteInput<(typeof ORDER_DESK_ROUTES)[K]>) => Promise<unknown>,
  ) =>
    router.get(
      path,
      ORDER_DESK_ROUTES[key] as (typeof ORDER_DESK_ROUTES)[K],
      access.require(ORDERS_SECURITY, 'view'),
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store')
        ctx.body = await answer(ctx.input)
      },
    )
  read('/orders/summary', 'summary', () => services.summary.orders())
  read('/orders/lowstock', 'lowstock', ({ query }) => services.summary.lowStocked(query.limit))
  read('/orders/list', 'list', ({ query }) => services.list.list(query))
  read('/orders/get/:id', 'get', ({ params }) => services.views.get(params.id))
  /** An action on one order by a member of staff: edit on `orders`, the caller named in the log. */
  const act = <K extends 'fulfil' | 'resend' | 'cancel' | 'refund'>(
    verb: K,
    run: (
      staff: Entity,
      id: string,
      body: RouteInput<(typeof ORDER_DESK_ROUTES)[K]>['body'],
    ) => Promise<unknown>,
  ) =>
    router.post(
      `/orders/${verb}/:id`,
      ORDER_DESK_ROUTES[verb] as (typeof ORDER_DESK_ROUTES)[K],
      access.require(ORDERS_SECURITY, 'edit'),
      async (ctx) => {
        const staff = (await ctx.state.entity())!
        ctx.body = await run(staff, ctx.input.params.id, ctx.input.body)
      },
    )
  act('fulfil', (staff, id, body) => services.desk.fulfil(staff, id, body))
  act('resend', (staff, id, body) => services.desk.resend(staff, id, body))
  act('cancel', (staff, id, body) => services.cancels.cancel(staff, id, body))
  act('refund', (staff, id, body) => services.refunds.refund(staff, id, body))
}
