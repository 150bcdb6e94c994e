import { describe, type QueryRouter, z } from '@shopwright/core'
import { ANNOUNCEMENT_TYPE } from '../shared/types.js'
import type { Announcements } from './announcements.js'

/**
 * The `:id` of a call: the id rule, or 400 ERROR_INVALID_ID (an issue whose message is a catalogue
 * code answers that code; docs/api.md, "Validation").
 */
const IdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'ERROR_INVALID_ID') })
/** A strict body: a key it does not name (`__proto__` too) is 400 ERROR_INVALID_INPUT. */
const PublishBody = z.strictObject({ published: z.boolean() })
const isoOrNull = z.string().nullable()

/**
 * The plugin's calls under `/query` (README, "Calls"). Each carries its description (summary,
 * access, schemas, errors): the router checks each request against its schemas before the handler
 * runs, and the OpenAPI document at `/query/openapi.json` is built from the same descriptions.
 */
export function announcementRoutes(router: QueryRouter, announcements: Announcements): void {
  // Public: every storefront page may ask, signed in or not.
  const current = describe({
    summary: 'The live announcements the caller has not dismissed',
    access: 'anyone',
    answer: z.array(
      z.object({ id: z.string(), headline: z.string(), message: z.string(), ends: isoOrNull }),
    ),
  })
  router.get('/announcements/current', current, async (ctx) => {
    ctx.body = await announcements.current(await ctx.state.entity())
  })

  const list = describe({
    summary: 'Every announcement, for staff',
    access: { rule: `view on the ${ANNOUNCEMENT_TYPE} record type` },
    answer: z.array(
      z.object({
        id: z.string(),
        headline: z.string(),
        published: z.boolean(),
        starts: isoOrNull,
        ends: isoOrNull,
        state: z.enum(['draft', 'scheduled', 'live', 'ended']),
        dismissals: z.int(),
      }),
    ),
    errors: ['ERROR_NOT_SIGNED_IN', 'ERROR_ACCESS_DENIED'],
  })
  router.get('/announcements/list', list, async (ctx) => {
    ctx.body = await announcements.list(await ctx.state.entity())
  })

  // Every call that changes state is POST. Its input is checked by its description before the
  // handler runs, which reads the parsed values from `ctx.input`.
  const publish = describe({
    summary: 'Publishes or withdraws an announcement',
    access: { rule: `edit on the ${ANNOUNCEMENT_TYPE} record type` },
    params: IdParam,
    body: PublishBody,
    answer: z.object({ type: z.literal(ANNOUNCEMENT_TYPE), id: z.string() }).loose(),
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_PERMISSION_TYPE',
      'ERROR_RECORD_NOT_AVAILABLE',
      'ERROR_ANNOUNCEMENT_EXPIRED',
    ],
  })
  router.post('/announcements/publish/:id', publish, async (ctx) => {
    const { params, body } = ctx.input
    ctx.body = await announcements.publish(await ctx.state.entity(), params.id, body.published)
  })

  const dismiss = describe({
    summary: 'Dismisses a live announcement for the signed-in caller',
    access: 'signed-in',
    params: IdParam,
    answer: z.object({ dismissed: z.literal(true) }),
    errors: ['ERROR_INVALID_ID', 'ERROR_RECORD_NOT_AVAILABLE', 'ERROR_ANNOUNCEMENT_EXPIRED'],
  })
  router.post('/announcements/dismiss/:id', dismiss, async (ctx) => {
    await announcements.dismiss(await ctx.state.entity(), ctx.input.params.id)
    ctx.body = { dismissed: true }
  })
}
