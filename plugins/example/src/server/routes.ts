import { createError, readBody, type QueryContext, type QueryRouter, z } from '@shopwright/core'
import { isValidId } from '@shopwright/core/shared'
import type { Announcements } from './announcements.js'

const PublishBody = z.strictObject({ published: z.boolean() })

/** The `:id` of the call, checked before anything is read. */
function idParam(ctx: QueryContext): string {
  const id = ctx.params.id ?? ''
  if (!isValidId(id)) throw createError('ERROR_INVALID_ID', { reason: id })
  return id
}

/** The plugin's calls under `/query` (README, "Calls"). */
export function announcementRoutes(router: QueryRouter, announcements: Announcements): void {
  // Public: every storefront page may ask, signed in or not.
  router.get('/announcements/current', async (ctx) => {
    ctx.body = await announcements.current(await ctx.state.entity())
  })

  router.get('/announcements/list', async (ctx) => {
    ctx.body = await announcements.list(await ctx.state.entity())
  })

  // Every call that changes state is POST; its input is validated before anything is written.
  router.post('/announcements/publish/:id', async (ctx) => {
    const id = idParam(ctx)
    const { published } = readBody(ctx, PublishBody)
    ctx.body = await announcements.publish(await ctx.state.entity(), id, published)
  })

  router.post('/announcements/dismiss/:id', async (ctx) => {
    await announcements.dismiss(await ctx.state.entity(), idParam(ctx))
    ctx.body = { dismissed: true }
  })
}
