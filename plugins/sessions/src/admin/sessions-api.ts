import type { QueryClient } from '@shopwright/client'
import type { SessionDetail, SessionPage } from '../shared/types.js'

/** The list's page size: the admin list's, 100. */
export const SESSIONS_PAGE_SIZE = 100

/** The sessions calls as the screens make them; tests hand the screens a fake. */
export interface SessionsApi {
  list(nextpage?: string): Promise<SessionPage>
  get(id: string): Promise<SessionDetail>
  live(): Promise<number>
  clear(): Promise<unknown>
}

/** The calls through the admin's `/query` client (useClient()). */
export function sessionsApi(client: QueryClient): SessionsApi {
  return {
    list: (nextpage) =>
      client.get<SessionPage>('/session/list', { pagesize: SESSIONS_PAGE_SIZE, nextpage }),
    get: (id) => client.get<SessionDetail>(`/session/get/${encodeURIComponent(id)}`),
    live: async () => (await client.get<{ live: number }>('/session/live')).live,
    clear: () => client.post('/session/clear'),
  }
}
