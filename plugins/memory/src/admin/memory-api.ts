import type { QueryClient } from '@shopwright/client'
import type { ClearAnswer, MemoryList, MemoryType } from '../shared/types.js'

/** The memory calls as the screen makes them; tests hand the screen a fake. */
export interface MemoryApi {
  list(): Promise<MemoryList>
  /** Clears one memory type, or everything without one. */
  clear(type?: MemoryType): Promise<ClearAnswer>
}

/** The calls through the admin's `/query` client (useClient()). */
export function memoryApi(client: QueryClient): MemoryApi {
  return {
    list: () => client.get<MemoryList>('/memory/list'),
    clear: (type) =>
      client.post<ClearAnswer>(
        type ? `/memory/clear/${encodeURIComponent(type)}` : '/memory/clear',
      ),
  }
}
