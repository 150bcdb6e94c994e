import { describe, z } from '@shopwright/core'
import { SESSIONS_SECURITY } from '../shared/types.js'

const nameVersion = z.object({ name: z.string(), version: z.string() })

/** One row of `/query/session/list` (types.ts, SessionRow). */
const row = {
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  browser: nameVersion,
  os: nameVersion,
  platform: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'bot', '']),
  robot: z.boolean(),
  virus: z.boolean(),
  spam: z.boolean(),
  confirmed: z.boolean(),
  live: z.boolean(),
}

/** `/query/session/get/{id}` (types.ts, SessionDetail). */
const detail = z.object({
  ...row,
  sessions: z.int(),
  language: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  referer: z.object({
    medium: z.enum(['search', 'social', 'email', 'paid', 'internal', 'direct', 'referral']),
    referer: z.string(),
  }),
  reasons: z.array(z.string()),
  pages: z.array(
    z.object({
      href: z.string(),
      entry: z.string(),
      exit: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      scroll: z.number(),
    }),
  ),
})

const view = { security: SESSIONS_SECURITY, right: 'view' } as const

/** The descriptions of the `/query/session` calls (routes.ts), for the OpenAPI document. */
export const SESSION_ROUTES = {
  list: describe({
    summary: 'Visitor sessions, newest first',
    access: view,
    query: z.object({
      pagesize: z.int().min(1).max(1000).optional(),
      nextpage: z.string().optional().describe('The token of the previous answer'),
    }),
    answer: z.object({
      list: z.array(z.object(row)),
      pagesize: z.int(),
      nextpage: z.string().optional(),
    }),
    errors: ['ERROR_INVALID_INTEGER'],
  }),
  live: describe({
    summary: 'Sessions active in the last 30 minutes, on every node',
    access: view,
    answer: z.object({ live: z.int() }),
  }),
  get: describe({
    summary: 'One session with its pages',
    access: view,
    params: z.object({ id: z.string().max(32) }),
    answer: detail,
    errors: ['ERROR_INVALID_ID', 'ERROR_SESSION_NOT_AVAILABLE'],
  }),
  clear: describe({
    summary: 'Deletes every session and page',
    access: { security: SESSIONS_SECURITY, right: 'delete' },
    answer: z.object({ cleared: z.literal(true) }),
  }),
}
