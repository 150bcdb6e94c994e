import { useEffect, useState } from 'react'
import type { QueryClient, RecordTypeAnswer } from '@shopwright/client'
import { useClient, useT } from '@shopwright/admin-ui/kit'
import type { ShownRecord } from '../shared/record-pages.js'
import { namesOf } from './record-names.js'
import { RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'

/** The record a link goes to, named for the link row. */
interface Target {
  address: string
  name: string
  kind: string
}

/**
 * The record the page at a site address shows, by its name and its type's name: the server's
 * route table answers which record (`/data/pages/record`), the names come as the record field's
 * do, and the kind is the type's own name. Null when that page shows no one record the caller may view.
 */
async function targetOf(client: QueryClient, address: string): Promise<Target | null> {
  const { record } = await client.get<{ record: ShownRecord | null }>(
    '/data/pages/record',
    { address },
    { cache: 'veryshort' },
  )
  if (!record) return null
  // The type's definition is the one the record's naming reads (kept for the page's life).
  const [names, definition] = await Promise.all([
    namesOf(client, [record]),
    client
      .get<RecordTypeAnswer>(recordTypePath(record.type), {}, { cache: RECORD_TYPE_CACHE })
      .catch(() => undefined),
  ])
  return {
    address,
    name: names.get(`${record.type}|${record.id}`) ?? record.id,
    kind: definition?.name || record.type,
  }
}

/**
 * Which record a link goes to (docs/admin.md, "Rich text"): the link row shows it under the
 * address of the link at the cursor, so a link made from **Choose a page** reads as the page it
 * was, not as a path. Nothing is shown for a page that shows no one record, or while it loads.
 */
export function PageLinkTarget({ address }: { address: string }) {
  const t = useT()
  const client = useClient()
  const [target, setTarget] = useState<Target | null>(null)

  useEffect(() => {
    let live = true
    targetOf(client, address)
      .then((found) => {
        if (live) setTarget(found)
      })
      // Naming the link is a help: when it cannot be had, the address is what the row shows.
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [client, address])

  if (target?.address !== address) return null
  return (
    <p className="sw-muted records-page-link-target" data-testid="page-link-target">
      {t('Goes to {0} ({1})', target.name, target.kind)}
    </p>
  )
}

export default PageLinkTarget
