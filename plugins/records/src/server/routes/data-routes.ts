import {
  createError,
  type QueryContext,
  type QueryRouter,
  type RecordData,
  type PluginCradle,
} from '@shopwright/core'
import { compileRecord, type CompileMode } from '../page-compile.js'
import { listOptions, readerLanguage } from './parse.js'
import { RECORD_ROUTES as DESCRIBED } from './route-schemas.js'

/** The Content-Type of a record's JSON text. */
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The record calls (docs/api.md, "Records"); every state change is POST. The router checks each
 * call's path, query and body against its description (route-schemas.ts) and hands them on as
 * `ctx.input`; what needs the database or the caller is checked by the services.
 */
export function dataRoutes(router: QueryRouter, services: PluginCradle): void {
  const { records, recordLists, recordTypeCalls, access, bin } = services

  /** One record as stored (JSON text from the cache), or compiled for a language when asked. */
  async function pageFetch(
    ctx: QueryContext,
    type: string,
    id: string,
    query: { compile?: CompileMode | undefined; language?: string | undefined },
  ): Promise<void> {
    const entity = await ctx.state.entity()
    if (query.compile) {
      const language = query.language ?? readerLanguage(ctx)
      ctx.body = await compileRecord(records, entity, type, id, { mode: query.compile, language })
      return
    }
    const text = await records.getText(entity, type, id)
    // What `ctx.type = 'json'` sets, without a MIME lookup on every read.
    ctx.res.setHeader('Content-Type', JSON_TYPE)
    ctx.body = text
  }

  router.get('/data/recordtype/list', DESCRIBED.typeList, async (ctx) => {
    ctx.body = await recordTypeCalls.list(await ctx.state.entity(), ctx.input.query)
  })
  router.get('/data/recordtype/get/:recordtype', DESCRIBED.typeGet, async (ctx) => {
    ctx.body = await recordTypeCalls.get(await ctx.state.entity(), ctx.input.params.recordtype)
  })
  router.get('/data/list/:recordtype', DESCRIBED.list, async (ctx) => {
    ctx.type = 'json'
    ctx.body = await recordLists.list(
      await ctx.state.entity(),
      ctx.input.params.recordtype,
      listOptions(ctx, ctx.input.query),
    )
  })
  router.get('/data/listids/:keys', DESCRIBED.listIds, async (ctx) => {
    const entity = await ctx.state.entity()
    const list: RecordData[] = []
    for (const key of ctx.input.params.keys) {
      try {
        list.push(await records.get(entity, key.type, key.id))
      } catch (error) {
        // A record that is gone is left out; a refusal is not.
        if ((error as { code?: string }).code !== 'ERROR_RECORD_NOT_AVAILABLE') throw error
      }
    }
    ctx.body = { list }
  })
  router.get('/data/get/:recordtype/:id', DESCRIBED.get, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    await pageFetch(ctx, recordtype, id, ctx.input.query)
  })
  // The page fetch's default type (docs/api.md, "The page fetch").
  router.get('/data/get/:id', DESCRIBED.page, async (ctx) => {
    await pageFetch(ctx, 'webpage', ctx.input.params.id, ctx.input.query)
  })
  router.get('/data/new/:recordtype', DESCRIBED.blank, async (ctx) => {
    ctx.body = await records.blank(await ctx.state.entity(), ctx.input.params.recordtype)
  })
  router.get('/data/duplicate/:recordtype/:id', DESCRIBED.duplicate, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await records.duplicate(await ctx.state.entity(), recordtype, id)
  })
  router.post('/data/create', DESCRIBED.create, async (ctx) => {
    ctx.body = await records.create(await ctx.state.entity(), ctx.input.body as RecordData)
  })
  router.post('/data/update/:recordtype/:id', DESCRIBED.update, async (ctx) => {
    const { recordtype, id } = ctx.input.params
    ctx.body = await records.update(await ctx.state.entity(), recordtype, id, ctx.input.body)
  })
  router.post('/data/bin/:keys', DESCRIBED.bin, async (ctx) => {
    ctx.body = { list: await records.bin(await ctx.state.entity(), ctx.input.params.keys) }
  })
  // Out of the bin, back or for good: a right on the bin security record first. Restore takes
  // ids alone too, in the path or as a body list, as the specification's call sends them.
  router.post(
    '/data/restore/:keys',
    DESCRIBED.restore,
    access.require('bin', 'edit'),
    async (ctx) => {
      const keys = [...ctx.input.params.keys, ...(ctx.input.body ?? [])]
      ctx.body = { list: await bin.restore(await ctx.state.entity(), keys) }
    },
  )
  router.post(
    '/data/delete/:keys',
    DESCRIBED.remove,
    access.require('bin', 'delete'),
    async (ctx) => {
      ctx.body = { list: await bin.remove(await ctx.state.entity(), ctx.input.params.keys) }
    },
  )
  router.get('/data/bin/list', DESCRIBED.binList, access.require('bin', 'view'), async (ctx) => {
    ctx.body = await bin.list(await ctx.state.entity(), ctx.input.query)
  })
  router.post('/data/empty', DESCRIBED.empty, access.require('bin', 'delete'), async (ctx) => {
    ctx.body = await bin.empty(await ctx.state.entity())
  })
  router.get('/data/listtype/get/:id', DESCRIBED.listType, async (ctx) => {
    ctx.body = await recordTypeCalls.listType(await ctx.state.entity(), ctx.input.params.id)
  })
  router.get('/data', DESCRIBED.noType, () => {
    throw createError('ERROR_RECORDTYPE_REQUIRED')
  })
}
