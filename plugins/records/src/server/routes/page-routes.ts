import { createError, describe, type QueryRouter, z } from '@shopwright/core'
import type { RecordPages } from '../record-pages.js'
import { recordParams } from './route-schemas.js'

/** The longest site address asked about: a browser's own limit is far above any page's. */
const MAX_ADDRESS = 2_000

const PAGE_ROUTES = {
  types: describe({
    summary: 'The record types some page of the site shows, that the caller may view',
    description:
      'What the rich-text editor offers to link to (web pages, items, categories): each type and its name. Empty when no plugin serves pages.',
    access: { rule: 'signed in; only the types the caller may view are listed' },
    answer: z.object({ list: z.array(z.object({ type: z.string(), name: z.string() })) }),
    errors: ['ERROR_NOT_SIGNED_IN'],
  }),
  address: describe({
    summary: 'The address of the page that shows a record, for a link to it',
    description:
      "The site path, from the storefront's routes (`/about`, `/item/anchor-mug`). A language variant (`about-fr`) answers its record's page.",
    access: { rule: "view on the record type's security record" },
    params: recordParams,
    answer: z.object({ address: z.string() }),
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_RECORDTYPE_REQUIRED',
      'ERROR_RECORD_NOT_AVAILABLE',
      'ERROR_NO_PAGE_FOR_RECORD',
    ],
  }),
  record: describe({
    summary: 'The record the page at a site address shows, for a link to it',
    description:
      'What a rich-text link goes to, for the link row to name it: the route the storefront answers the address with (`/about`, `/item/anchor-mug`; the query merged into its props, as for the page) and the record that page reads. `record` is null when that page shows no one record, no page answers the address, or the caller may not view the record (the answer is the same, so it tells nothing of a record they may not see).',
    access: { rule: 'signed in; a record the caller may not view is answered as none' },
    query: z.object({
      address: z
        .string()
        .max(MAX_ADDRESS, 'ERROR_INVALID_INPUT: address: at most 2,000 characters')
        .regex(
          /^\/(?!\/)/,
          'ERROR_INVALID_INPUT: address: a path of this site, starting with one /',
        )
        .describe('A site path: starts with one `/`; at most 2,000 characters'),
    }),
    answer: z.object({
      record: z.object({ type: z.string(), id: z.string() }).nullable(),
    }),
    errors: ['ERROR_INVALID_INPUT', 'ERROR_NOT_SIGNED_IN'],
  }),
}

/** Records' pages, for links to them (docs/api.md, "Pages of records"). */
export function pageRoutes(router: QueryRouter, pages: RecordPages): void {
  router.get('/data/pages/types', PAGE_ROUTES.types, async (ctx) => {
    const entity = await ctx.state.entity()
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    ctx.body = { list: await pages.typesFor(entity) }
  })
  router.get('/data/pages/record', PAGE_ROUTES.record, async (ctx) => {
    const entity = await ctx.state.entity()
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    ctx.body = { record: await pages.recordAt(entity, ctx.input.query.address) }
  })
  router.get('/data/pages/address/:recordtype/:id', PAGE_ROUTES.address, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await pages.linkTo(await ctx.state.entity(), recordtype, id)
  })
}
