import type { QueryClient } from '@shopwright/client'
import type { AnnouncementRow } from '../shared/types.js'

/** The plugin's calls as the panel makes them; tests hand the screen a fake. */
export interface AnnouncementsApi {
  list(): Promise<AnnouncementRow[]>
  publish(id: string, published: boolean): Promise<unknown>
}

/** The calls through the admin's `/query` client (useClient()). */
export function announcementsApi(client: QueryClient): AnnouncementsApi {
  return {
    list: () => client.get<AnnouncementRow[]>('/announcements/list'),
    publish: (id, published) =>
      client.post(`/announcements/publish/${encodeURIComponent(id)}`, { published }),
  }
}
