import { describe, type QueryRouter, type RecordData, z } from '@shopwright/core'
import type { DraftCalls } from '../drafts/draft-calls.js'
import type { DraftEditors } from '../drafts/draft-editors.js'
import type { DraftPreviews } from '../drafts/draft-previews.js'
import type { DraftSchedule } from '../drafts/draft-schedule.js'
import { id, recordAnswer, recordParams } from './route-schemas.js'

const record = recordParams

const draftState = z.object({
  isNew: z.boolean(),
  changed: z.array(z.string()),
  savedAt: z.number(),
  actor: z.string(),
  actorName: z.string(),
  revision: z.int(),
  publishAt: z.number().nullable(),
  scheduledBy: z.string().nullable(),
})
const draftAnswer = z.object({
  record: recordAnswer,
  draft: draftState.nullable(),
  unpublish: z.object({ at: z.number(), by: z.string() }).nullable(),
})
const unpublishRule = {
  rule: "edit, publish and create on the record type's security record",
}

const errors = [
  'ERROR_INVALID_ID',
  'ERROR_INVALID_INPUT',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_ACCESS_DENIED',
  'ERROR_PERMISSION_TYPE',
  'ERROR_RECORDTYPE_REQUIRED',
  'ERROR_RECORD_NOT_AVAILABLE',
] as const
const edit = { rule: "edit on the record type's security record; the type is publishable" }

const DRAFT_ROUTES = {
  get: describe({
    summary: 'A record as its editors see it: with its draft’s fields when it has one',
    access: edit,
    params: record,
    answer: draftAnswer,
    errors,
  }),
  list: describe({
    summary: "A publishable type's drafts, the most recently saved first",
    access: edit,
    params: z.object({ recordtype: id }),
    answer: z.object({ list: z.array(draftState.extend({ id: z.string(), name: z.string() })) }),
    errors,
  }),
  save: describe({
    summary: "Applies changed fields to a record's draft",
    description:
      'The body of an update. The draft starts from the live record; saves made meanwhile are merged field by field. The id cannot change in a draft.',
    access: edit,
    params: record,
    body: z
      .array(z.object({ field: z.string().min(1).max(500), value: z.unknown() }))
      .min(1)
      .max(1000),
    answer: draftAnswer,
    errors: [...errors, 'ERROR_INPUT_VALUE_REQUIRED', 'ERROR_TOO_MANY_REQUESTS'],
  }),
  create: describe({
    summary: 'A new record kept as a draft until it is published',
    access: { rule: "create on the record type's security record; the type is publishable" },
    body: z.looseObject({ type: z.string().min(1).max(64), id: z.string().max(191).optional() }),
    answer: draftAnswer,
    errors: [...errors, 'ERROR_INPUT_VALUE_REQUIRED', 'ERROR_RECORD_ALREADY_EXISTS'],
  }),
  publish: describe({
    summary: 'Makes a draft live',
    description:
      'The fields the draft changed are written over the live record, or the record is created when it was never published; the draft is dropped and a version kept. 409 when the draft was saved meanwhile.',
    access: {
      rule: "edit (create for a new record) and publish on the record type's security record",
    },
    params: record,
    answer: recordAnswer,
    errors: [...errors, 'ERROR_INPUT_VALUE_REQUIRED', 'ERROR_RECORD_ALREADY_EXISTS'],
  }),
  schedule: describe({
    summary: 'Sets or clears when a draft publishes by itself',
    description:
      'The body is `{ at }`: a date and time with its offset (ISO 8601), later than now and at most a year ahead, or null to clear. The draft publishes as it stands then; a scheduled task looks every 10 s, once across the site’s nodes.',
    access: {
      rule: "edit (create for a new record) and publish on the record type's security record",
    },
    params: record,
    body: z.strictObject({ at: z.iso.datetime({ offset: true }).nullable() }),
    answer: draftAnswer,
    errors,
  }),
  unpublish: describe({
    summary: 'Takes a published record off the site, keeping it as a draft',
    description:
      'The live record goes (readers, the storefront and /query/ns no longer see it) and becomes a record never published: its draft holds the live fields with the draft’s changes over them, its versions stay, and Publish brings it back. 409 when the draft was saved meanwhile.',
    access: unpublishRule,
    params: record,
    answer: draftAnswer,
    errors,
  }),
  scheduleUnpublish: describe({
    summary: 'Sets or clears when a record leaves the site by itself',
    description:
      'The body is `{ at }`: a date and time with its offset (ISO 8601), later than now and at most a year ahead, or null to clear. The record must be published, or be a draft that publishes before then. The scheduled task that publishes drafts unpublishes it then.',
    access: unpublishRule,
    params: record,
    body: z.strictObject({ at: z.iso.datetime({ offset: true }).nullable() }),
    answer: draftAnswer,
    errors,
  }),
  preview: describe({
    summary: 'A link to the storefront page of a record, shown with its draft',
    description:
      'Answers a new token, when it stops working (an hour from now, epoch ms) and the storefront address with it (`?preview_token=`), or a null address when no route shows records of the type. Whoever opens the link sees that one record’s draft, uncached and unindexed, until the token expires.',
    access: edit,
    params: record,
    answer: z.object({ token: z.string(), expiresAt: z.number(), href: z.string().nullable() }),
    errors,
  }),
  editing: describe({
    summary: 'Says an editor has a draft open, and answers who else has',
    description:
      'The body is `{ tab, leaving? }`: an id the editor makes up for itself (8-64 of `A-Za-z0-9_-`), sent every 15 s while the record is open, and with `leaving: true` when it closes. Answers the others with the record open (name, whether it is the caller in another tab, since when; an editor silent for 45 s has gone) and the draft’s state, whose revision tells the editor when someone else saved.',
    access: edit,
    params: record,
    body: z.strictObject({
      tab: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
      leaving: z.boolean().optional(),
    }),
    answer: z.object({
      editors: z.array(z.object({ name: z.string(), self: z.boolean(), since: z.number() })),
      draft: draftState.nullable(),
    }),
    errors,
  }),
  discard: describe({
    summary: "Drops a record's draft",
    description: 'A record never published goes with it (which needs delete).',
    access: edit,
    params: record,
    answer: z.object({ discarded: z.literal(true) }),
    errors: [...errors, 'ERROR_PERMISSION_DELETE'],
  }),
}

/** The draft calls (docs/api.md, "Drafts"); every change is POST. */
export function draftRoutes(
  router: QueryRouter,
  drafts: DraftCalls,
  schedule: DraftSchedule,
  previews: DraftPreviews,
  editors: DraftEditors,
): void {
  router.get('/data/draft/get/:recordtype/:id', DRAFT_ROUTES.get, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await drafts.get(await ctx.state.entity(), recordtype, id)
  })
  router.get('/data/draft/list/:recordtype', DRAFT_ROUTES.list, async (ctx) => {
    ctx.body = await drafts.list(await ctx.state.entity(), ctx.input.params.recordtype)
  })
  router.post('/data/draft/save/:recordtype/:id', DRAFT_ROUTES.save, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await drafts.save(await ctx.state.entity(), recordtype, id, ctx.input.body)
  })
  router.post('/data/draft/create', DRAFT_ROUTES.create, async (ctx) => {
    ctx.body = await drafts.create(await ctx.state.entity(), ctx.input.body as RecordData)
  })
  router.post('/data/draft/publish/:recordtype/:id', DRAFT_ROUTES.publish, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await drafts.publish(await ctx.state.entity(), recordtype, id)
  })
  router.post('/data/draft/schedule/:recordtype/:id', DRAFT_ROUTES.schedule, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    const { at } = ctx.input.body
    const when = at === null ? null : Date.parse(at)
    ctx.body = await schedule.schedule(await ctx.state.entity(), recordtype, id, when)
  })
  router.post('/data/draft/unpublish/:recordtype/:id', DRAFT_ROUTES.unpublish, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await drafts.unpublish(await ctx.state.entity(), recordtype, id)
  })
  router.post(
    '/data/draft/schedule-unpublish/:recordtype/:id',
    DRAFT_ROUTES.scheduleUnpublish,
    async (ctx) => {
      const { recordtype, id } = ctx.input.params
      const { at } = ctx.input.body
      const when = at === null ? null : Date.parse(at)
      const entity = await ctx.state.entity()
      ctx.body = await schedule.scheduleUnpublish(entity, recordtype, id, when)
    },
  )
  router.post('/data/draft/preview/:recordtype/:id', DRAFT_ROUTES.preview, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await previews.issue(await ctx.state.entity(), recordtype, id)
  })
  router.post('/data/draft/editing/:recordtype/:id', DRAFT_ROUTES.editing, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    const { tab, leaving } = ctx.input.body
    const entity = await ctx.state.entity()
    ctx.body = await editors.beat(entity, recordtype, id, tab, leaving === true)
  })
  router.post('/data/draft/discard/:recordtype/:id', DRAFT_ROUTES.discard, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await drafts.discard(await ctx.state.entity(), recordtype, id)
  })
}
