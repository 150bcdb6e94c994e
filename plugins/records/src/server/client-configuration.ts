import type { RecordStore } from './record-store.js'

/**
 * True when `configuration/{id}` is live and its configuration type is marked `client` ("sent to
 * the browser; leave off for anything a visitor must not read"): such a configuration is read by
 * every caller, as the storefront and the admin shell read the web and pagination ones, without
 * view on the `configuration` security record (docs/security.md, "Client configurations").
 * Changing it still needs edit there.
 */
export async function isClientConfiguration(store: RecordStore, id: string): Promise<boolean> {
  const record = await store.get('configuration', id)
  const typeId = (record?.configurationtype as { id?: unknown } | undefined)?.id
  if (typeof typeId !== 'string') return false
  const type = await store.get('configurationtype', typeId)
  return type?.client === true
}
