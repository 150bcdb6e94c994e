import type { QueryClient } from '@shopwright/client'
import type { LogLevel, LogPage } from '../shared/types.js'

/** What one page of the Log screen asks for. */
export interface LogRequest {
  /** A record type or `type.id`. */
  name?: string
  level?: LogLevel
  /** A page token. */
  nextpage?: string
  /** An ISO time: lines at or before it. */
  date?: string
  /** Lines a page (the server's 50 when not given): the dashboard's card asks a few. */
  pagesize?: number
}

/** The log's calls as the screen makes them; tests hand the screen a fake. */
export interface LogApi {
  list(request: LogRequest): Promise<LogPage>
  clear(): Promise<unknown>
}

/** The calls through the admin's `/query` client (useClient()); never cached: the log moves. */
export function logApi(client: QueryClient): LogApi {
  return {
    list: ({ name, level, nextpage, date, pagesize }) =>
      client.get<LogPage>(name ? `/log/list/${encodeURIComponent(name)}` : '/log/list', {
        level,
        nextpage,
        date,
        pagesize,
      }),
    clear: () => client.post('/log/clear'),
  }
}
