import { describe, type QueryRouter, z } from '@shopwright/core'
import { VERSION_KINDS } from '../history/version-rows.js'
import type { HistoryCalls } from '../history/history-calls.js'
import { MAX_HISTORY_PAGE } from '../history/history-calls.js'
import { recordAnswer, recordParams } from './route-schemas.js'

/** A version's number in a path: 1 to 999,999,999. */
const number = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'ERROR_INVALID_INTEGER')
  .transform((text) => Number(text))
/** One side of a comparison: a version's number, or `current` for the record as it stands. */
const side = z
  .string()
  .regex(/^(?:current|[1-9]\d{0,8})$/, 'ERROR_INVALID_INTEGER')
  .transform((text) => (text === 'current' ? ('current' as const) : Number(text)))
const record = recordParams

const summary = z.object({
  number: z.int(),
  kind: z.enum(VERSION_KINDS),
  time: z.number(),
  actor: z.string(),
  actorName: z.string(),
  note: z.string(),
  recordVersion: z.int(),
})

const readErrors = [
  'ERROR_INVALID_ID',
  'ERROR_INVALID_INTEGER',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_ACCESS_DENIED',
  'ERROR_RECORDTYPE_REQUIRED',
  'ERROR_RECORD_NOT_AVAILABLE',
] as const
const access = { rule: "edit on the record type's security record" }

const HISTORY_ROUTES = {
  list: describe({
    summary: "A record's versions, newest first",
    description: 'Pages by `before`: the `next` number of the previous answer.',
    access,
    params: record,
    query: z.object({
      before: number.optional(),
      limit: z
        .string()
        .regex(/^\d{1,3}$/, 'ERROR_INVALID_INTEGER')
        .transform((text) => Number(text))
        .refine((value) => value >= 1 && value <= MAX_HISTORY_PAGE, 'ERROR_INVALID_INTEGER')
        .optional(),
    }),
    answer: z.object({
      list: z.array(summary),
      next: z.int().nullable(),
      recordVersion: z.int(),
    }),
    errors: readErrors,
  }),
  get: describe({
    summary: 'One version of a record, whole',
    access,
    params: record.extend({ number }),
    answer: summary.extend({ record: recordAnswer }),
    errors: readErrors,
  }),
  diff: describe({
    summary: 'Two versions of a record compared field by field',
    description:
      'Either side is a version number or `current`. Text fields carry `parts`: their words, marked `added` or `removed`; rich text is compared as its text.',
    access,
    params: record.extend({ from: side, to: side }),
    answer: z.object({
      from: z.union([z.literal('current'), z.int()]),
      to: z.union([z.literal('current'), z.int()]),
      fields: z.array(
        z.object({
          field: z.string(),
          name: z.string(),
          datatype: z.string(),
          before: z.unknown(),
          after: z.unknown(),
          parts: z
            .array(
              z.object({
                value: z.string(),
                added: z.literal(true).optional(),
                removed: z.literal(true).optional(),
              }),
            )
            .optional(),
        }),
      ),
    }),
    errors: readErrors,
  }),
  restore: describe({
    summary: "Makes a version the record's fields again",
    description:
      'Saved as a new version (kind `restored`); the version it replaced stays in the history.',
    access,
    params: record.extend({ number }),
    answer: recordAnswer,
    errors: [
      ...readErrors,
      'ERROR_INVALID_INPUT',
      'ERROR_INPUT_VALUE_REQUIRED',
      'ERROR_PERMISSION_TYPE',
    ],
  }),
}

/** The history calls (docs/api.md, "History"); restore is POST like every state change. */
export function historyRoutes(router: QueryRouter, history: HistoryCalls): void {
  router.get('/data/history/list/:recordtype/:id', HISTORY_ROUTES.list, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await history.list(await ctx.state.entity(), recordtype, id, ctx.input.query)
  })
  router.get('/data/history/get/:recordtype/:id/:number', HISTORY_ROUTES.get, async (ctx) => {
    const { recordtype, id, number } = ctx.input.params
    ctx.body = await history.get(await ctx.state.entity(), recordtype, id, number)
  })
  router.get('/data/history/diff/:recordtype/:id/:from/:to', HISTORY_ROUTES.diff, async (ctx) => {
    const { recordtype, id, from, to } = ctx.input.params
    ctx.body = await history.diff(await ctx.state.entity(), recordtype, id, from, to)
  })
  router.post(
    '/data/history/restore/:recordtype/:id/:number',
    HISTORY_ROUTES.restore,
    async (ctx) => {
      const { recordtype, id, number } = ctx.input.params
      ctx.body = await history.restore(await ctx.state.entity(), recordtype, id, number)
    },
  )
}
