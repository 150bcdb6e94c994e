import type { QueryClient } from '@shopwright/client'
import type { SessionDetail, SessionPage } from '../shared/types.js'

/** The sessions calls as the screens make them; tests hand the screens a fake. */
export interface SessionsApi {
  /**
   * A page of the list, `pagesize` rows: the screen gives the `pagination` configuration's admin
   * list size (usePageSize). No clamp: the kit's sizes are 1 to 1000, as many as the server takes
   * (MAX_PAGE_SIZE in ../server/sessions-service.ts).
   */
  list(pagesize: number, nextpage?: string): Promise<SessionPage>
  get(id: string): Promise<SessionDetail>
  live(): Promise<number>
  clear(): Promise<unknown>
}

/** The calls through the admin's `/query` client (useClient()). */
export function sessionsApi(client: QueryClient): SessionsApi {
  return {
    list: (pagesize, nextpage) => client.get<SessionPage>('/session/list', { pagesize, nextpage }),
    get: (id) => client.get<SessionDetail>(`/session/get/${encodeURIComponent(id)}`),
    live: async () => (await client.get<{ live: number }>('/session/live')).live,
    clear: () => client.post('/session/clear'),
  }
}
