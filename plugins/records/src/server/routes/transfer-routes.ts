import {
  createError,
  parseSize,
  readUpload,
  type QueryRouter,
  type Services,
} from '@shopwright/core'
import { RECORD_ROUTES } from './route-schemas.js'

/** Export (a download link) and import (a file upload) of records. */
export function transferRoutes(router: QueryRouter, services: Services): void {
  const { recordExport, recordImport, recordTypes, config, lifecycle } = services
  const limit = parseSize(config.uploadLimit)

  router.get('/data/export/:keys', RECORD_ROUTES.export, async (ctx) => {
    const { params, query } = ctx.input
    const download = await recordExport.export(
      await ctx.state.entity(),
      params.keys,
      query.filename,
    )
    ctx.set('Content-Disposition', `attachment; filename="${download.filename}"`)
    ctx.type = download.contentType
    ctx.body = Buffer.from(download.data.buffer, download.data.byteOffset, download.data.byteLength)
  })

  router.upload('/data/import', RECORD_ROUTES.import, async (ctx) => {
    const { filename } = ctx.input.query
    const entity = await ctx.state.entity()
    // Refused before the upload is read or unpacked: every item needs create or edit on its type,
    // so a caller with neither on any type could only make the server work for nothing.
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    if (!(await recordTypes.mayWriteAny(entity)))
      throw createError('ERROR_ACCESS_DENIED', {
        reason: 'Importing needs the create or edit right on some record type.',
      })
    ctx.body = await recordImport.withSlot(async () => {
      const upload = await readUpload(ctx, limit)
      return recordImport.import(entity, upload, filename, lifecycle.signal)
    })
  })
}
