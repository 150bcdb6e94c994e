import { useEffect, useState } from 'react'
import { type RecordCollection } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import type { QueryClient } from '@shopwright/client'
import { readOrNull, useClient } from '@shopwright/admin-ui/kit'

/** Every currency record, as one page: the records calls' largest (ISO 4217 has about 180). */
const CURRENCY_RECORDS = 1000

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((entry) => {
        const id = typeof entry === 'string' ? entry : (entry as { id?: unknown } | null)?.id
        return typeof id === 'string' && id ? [id.toLowerCase()] : []
      })
    : []

/**
 * The currencies prices may be in: the site's (the web configuration's `currencies`), or, for
 * staff who may not read the configuration (marketing keeps the catalogue, not the site), every
 * currency record, which everyone may view.
 */
export async function siteCurrencies(client: QueryClient): Promise<string[]> {
  const web = await readOrNull(
    client.get<{ currencies?: unknown }>('/data/get/configuration/web', {}, { cache: 'veryshort' }),
  )
  const configured = idsOf(web?.currencies)
  if (configured.length > 0) return configured
  const records = await readOrNull(
    client.get<RecordCollection<RecordData>>(
      '/data/list/currency',
      { pagesize: CURRENCY_RECORDS },
      { cache: 'veryshort' },
    ),
  )
  return idsOf(records?.list)
}

/** The site's currencies for a form: null while they load, empty when none can be read. */
export function useSiteCurrencies(): string[] | null {
  const client = useClient()
  const [currencies, setCurrencies] = useState<string[] | null>(null)
  useEffect(() => {
    let live = true
    siteCurrencies(client).then(
      (found) => live && setCurrencies(found),
      () => live && setCurrencies([]),
    )
    return () => {
      live = false
    }
  }, [client])
  return currencies
}
