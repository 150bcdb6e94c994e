import type { QueryClient } from '@shopwright/client'
import type { CacheDuration } from '@shopwright/core/shared'

/**
 * How long the admin keeps a record type: for the page's life (the client's `local` cache, kept in
 * memory per URL), as the specification says of `/query/data/recordtype/get` ("cached locally by
 * default"). Forgotten by forgetRecordTypes after a write that may change one, and by Refresh.
 */
export const RECORD_TYPE_CACHE: CacheDuration = 'local'

/** The call that reads a record type (its fields, title field and the caller's access). */
export const recordTypePath = (type: string): string =>
  `/data/recordtype/get/${encodeURIComponent(type)}`

/**
 * Forgets every record type kept: after a save, bin, restore, delete or import that may change one
 * (a type that `extends` another shows its fields, so one edit can change several answers).
 */
export function forgetRecordTypes(client: QueryClient): void {
  client.clearCache('/data/recordtype/get/')
}
