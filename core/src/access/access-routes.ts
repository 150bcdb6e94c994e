import { z } from 'zod'
import { describe } from '../http/route-description.js'
import type { QueryRouter } from '../http/query-router.js'
import { isValidId } from '../shared/ids.js'
import type { AccessService } from './access-service.js'

/** How many security ids one `access` call may ask about. */
export const MAX_ACCESS_IDS = 100

/**
 * `GET /query/access/{id,id,...}`: the caller's rights `{ view, edit, create, delete, publish }` on each
 * security record, for screens that show a menu entry or a button only with a right (the admin
 * menu, the storefront's navigation). It tells callers only about themselves; the security records
 * stay readable only to those with view on `security`.
 */
/** `admin,bin`: 1 to MAX_ACCESS_IDS security ids, each passing the id rule. */
const SECURITY_IDS = z
  .string()
  .describe(`1 to ${MAX_ACCESS_IDS} security ids, comma-separated`)
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(
    z
      .array(z.string().refine(isValidId, 'ERROR_INVALID_ID'))
      .min(1, 'ERROR_PARAMETER_EXPECTED')
      .max(MAX_ACCESS_IDS, 'ERROR_PARAMETER_EXPECTED'),
  )

export function accessRoutes(router: QueryRouter, access: AccessService): void {
  router.get(
    '/access/:ids',
    describe({
      summary: "The caller's rights on each named security record",
      description: 'Anonymous callers get the rights of the role `all`.',
      access: 'anyone',
      params: z.object({ ids: SECURITY_IDS }),
      answer: z.record(
        z.string(),
        z.object({
          view: z.boolean(),
          edit: z.boolean(),
          create: z.boolean(),
          delete: z.boolean(),
          publish: z.boolean(),
        }),
      ),
      errors: ['ERROR_PARAMETER_EXPECTED', 'ERROR_INVALID_ID'],
    }),
    async (ctx) => {
      const entity = await ctx.state.entity()
      const answer: Record<string, Awaited<ReturnType<AccessService['flags']>>> = {}
      for (const id of ctx.input.params.ids) answer[id] = await access.flags(entity, id)
      ctx.body = answer
    },
  )
}
