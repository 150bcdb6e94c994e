import { hydrateRoot } from 'react-dom/client'
import { createQueryClient } from '@shopwright/core/shared'
import type { Theme } from '../shared/contract.js'
import { PAGE_DATA_ID, type PageData } from '../shared/page.js'
import { StorefrontApp } from '../react/StorefrontApp.js'

/** The theme's browser entry calls this: it takes over the server-rendered page. */
export function hydrateStorefront(theme: Theme): void {
  const data = JSON.parse(
    document.getElementById(PAGE_DATA_ID)?.textContent ?? 'null',
  ) as PageData | null
  const root = document.getElementById('root')
  if (!data || !root) return
  const client = createQueryClient({ fetch: (url, init) => globalThis.fetch(url, init) })
  hydrateRoot(root, <StorefrontApp theme={theme} data={data} client={client} />)
}
