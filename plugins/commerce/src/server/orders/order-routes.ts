import type { AccessService, QueryRouter } from '@shopwright/core'
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
  router.get(
    '/orders/summary',
    ORDER_DESK_ROUTES.summary,
    access.require(ORDERS_SECURITY, 'view'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await services.summary.orders()
    },
  )
  router.get(
    '/orders/lowstock',
    ORDER_DESK_ROUTES.lowstock,
    access.require(ORDERS_SECURITY, 'view'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await services.summary.lowStocked(ctx.input.query.limit)
    },
  )
  router.get(
    '/orders/list',
    ORDER_DESK_ROUTES.list,
    access.require(ORDERS_SECURITY, 'view'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await services.list.list(ctx.input.query)
    },
  )
  router.get(
    '/orders/get/:id',
    ORDER_DESK_ROUTES.get,
    access.require(ORDERS_SECURITY, 'view'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await services.views.get(ctx.input.params.id)
    },
  )
  router.post(
    '/orders/fulfil/:id',
    ORDER_DESK_ROUTES.fulfil,
    access.require(ORDERS_SECURITY, 'edit'),
    async (ctx) => {
      const staff = (await ctx.state.entity())!
      ctx.body = await services.desk.fulfil(staff, ctx.input.params.id, ctx.input.body)
    },
  )
  router.post(
    '/orders/resend/:id',
    ORDER_DESK_ROUTES.resend,
    access.require(ORDERS_SECURITY, 'edit'),
    async (ctx) => {
      const staff = (await ctx.state.entity())!
      ctx.body = await services.desk.resend(staff, ctx.input.params.id, ctx.input.body)
    },
  )
  router.post(
    '/orders/cancel/:id',
    ORDER_DESK_ROUTES.cancel,
    access.require(ORDERS_SECURITY, 'edit'),
    async (ctx) => {
      const staff = (await ctx.state.entity())!
      ctx.body = await services.cancels.cancel(staff, ctx.input.params.id, ctx.input.body)
    },
  )
  router.post(
    '/orders/refund/:id',
    ORDER_DESK_ROUTES.refund,
    access.require(ORDERS_SECURITY, 'edit'),
    async (ctx) => {
      const staff = (await ctx.state.entity())!
      ctx.body = await services.refunds.refund(staff, ctx.input.params.id, ctx.input.body)
    },
  )
}
