import { createError, describe, type QueryRouter, z } from '@shopwright/core'
import type { RecordPages } from '../record-pages.js'
import { recordParams } from './route-schemas.js'

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
}

/** Records' pages, for links to them (docs/api.md, "Pages of records"). */
export function pageRoutes(router: QueryRouter, pages: RecordPages): void {
  router.get('/data/pages/types', PAGE_ROUTES.types, async (ctx) => {
    const entity = await ctx.state.entity()
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    ctx.body = { list: await pages.typesFor(entity) }
  })
  router.get('/data/pages/address/:recordtype/:id', PAGE_ROUTES.address, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await pages.linkTo(await ctx.state.entity(), recordtype, id)
  })
}
