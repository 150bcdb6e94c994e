import type { PageProps } from '@shopwright/storefront/shared'
import { usePageExtra, useT } from '@shopwright/storefront/react'
import { UnavailableView } from '../../components/UnavailableView.js'
import { PAGE_EXTRA, type ItemPageExtra } from '../../lib/commerce.js'
import { ItemDetails } from './ItemDetails.js'

/**
 * `/item/:id`: the gallery with its zoom dialog, the name, the price for the chosen quantity and
 * its quantity-break table, the options of an item with children (one must be chosen), the
 * quantity (1-999) and Add to cart with its confirmation, and the description. The item comes
 * with the page from the server (commerce's page extra), priced for the visitor.
 */
export function ItemView(_props: PageProps) {
  const t = useT()
  const extra = usePageExtra<ItemPageExtra>(PAGE_EXTRA)
  if (!extra?.item) return <UnavailableView title={t('ERROR_ITEM_NOT_AVAILABLE')} />
  return <ItemDetails key={extra.item.id} item={extra.item} />
}
