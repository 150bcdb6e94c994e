import { describe, type QueryRouter, z } from '@shopwright/core'
import type { RecordTypes } from '../record-types.js'
import type { SecuritySubjects } from '../security-subjects.js'

const access = { rule: 'view on the `security` record type (as the permissions matrix)' }

const SECURITY_ROUTES = {
  subjects: describe({
    summary: 'The kinds of things other plugins guard with security records',
    description:
      'What the permissions matrix offers next to the record types in "Who can do this": each kind, its name and the admin editor that picks one (a datatype).',
    access,
    answer: z.object({
      list: z.array(
        z.object({
          kind: z.string(),
          name: z.string(),
          datatype: z.string().optional(),
          rights: z.array(z.enum(['view', 'edit', 'create', 'delete', 'publish'])).optional(),
        }),
      ),
    }),
    errors: ['ERROR_NOT_SIGNED_IN', 'ERROR_ACCESS_DENIED', 'ERROR_PERMISSION_TYPE'],
  }),
  guard: describe({
    summary: 'The security record that decides who may do what with one thing of a kind',
    description:
      'The query names it (`key`, its path). Answers its name, the deciding security record (null: administrators only, or the rule `note` says), where that record is set when inherited (`setOn`, empty for the default), whether everyone may view it, and the rights the record gives on it when fewer than its kind’s (`rights`). A thing that does not exist, or that the caller may not view, is a 404.',
    access,
    params: z.object({ kind: z.string().min(1).max(32) }),
    query: z.object({ key: z.string().min(1).max(4096) }),
    answer: z.object({
      name: z.string(),
      security: z.string().nullable(),
      setOn: z.string().optional(),
      everyoneViews: z.boolean().optional(),
      note: z.string().optional(),
      rights: z.array(z.enum(['view', 'edit', 'create', 'delete', 'publish'])).optional(),
    }),
    errors: [
      'ERROR_NOT_SIGNED_IN',
      'ERROR_ACCESS_DENIED',
      'ERROR_PERMISSION_TYPE',
      'ERROR_INVALID_INPUT',
    ],
  }),
}

/** "Who can do this" for things other plugins keep (docs/security.md, "The permissions matrix"). */
export function securityRoutes(
  router: QueryRouter,
  types: RecordTypes,
  subjects: SecuritySubjects,
): void {
  router.get('/data/security/subjects', SECURITY_ROUTES.subjects, async (ctx) => {
    await types.authorize(await ctx.state.entity(), 'security', 'view')
    ctx.body = { list: subjects.list() }
  })
  router.get('/data/security/guard/:kind', SECURITY_ROUTES.guard, async (ctx) => {
    const entity = await ctx.state.entity()
    await types.authorize(entity, 'security', 'view')
    ctx.body = await subjects.guard(entity, ctx.input.params.kind, ctx.input.query.key)
  })
}
