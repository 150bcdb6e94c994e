/** The record type, security record and cache type of announcements. Browser-safe. */
export const ANNOUNCEMENT_TYPE = 'announcement'
export const ANNOUNCEMENT_SECURITY = 'announcement'

/** Where an announcement stands at a moment, by its `published`, `starts` and `ends` fields. */
export type AnnouncementState = 'draft' | 'scheduled' | 'live' | 'ended'

/** What `GET /query/announcements/current` answers per announcement: public fields only. */
export interface CurrentAnnouncement {
  id: string
  headline: string
  message: string
  /** When it stops showing (ISO), or null when it runs until withdrawn. */
  ends: string | null
}

/** One row of the staff list (`GET /query/announcements/list`). */
export interface AnnouncementRow {
  id: string
  headline: string
  published: boolean
  starts: string | null
  ends: string | null
  state: AnnouncementState
  /** How many signed-in people dismissed it. */
  dismissals: number
}

/** The state of an announcement record at `now` (epoch milliseconds). */
export function announcementState(
  record: Readonly<Record<string, unknown>>,
  now: number,
): AnnouncementState {
  const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN)
  const ends = time(record.ends)
  if (ends <= now) return 'ended'
  if (record.published !== true) return 'draft'
  return time(record.starts) > now ? 'scheduled' : 'live'
}
