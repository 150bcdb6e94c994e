import { useT } from '@shopwright/storefront/react'
import type { ListItemAnswer } from '../lib/commerce.js'
import { useMoney } from '../lib/money.js'
import { ItemImage } from './ItemImage.js'

/** The layout width of a grid card: four columns on a desktop, three on a tablet, two on a phone. */
const CARD_SIZES =
  '(min-width: 1200px) 280px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 48vw'

/** An item's list price as a card shows it: "From $24.00" when it has options, '' when none. */
export function useListPrice() {
  const t = useT()
  const { minor } = useMoney()
  return (item: Pick<ListItemAnswer, 'price' | 'haschildren'>) => {
    const text = minor(item.price.amount, item.price.currency)
    if (!text) return ''
    return item.haschildren ? t('From {0}', text) : text
  }
}

/**
 * An item in a category grid: image, name, price (or "From" for one with options) and an
 * out-of-stock badge; the whole card links to the item.
 */
export function ItemCard({
  item,
  eager = false,
  priority = false,
}: {
  item: ListItemAnswer
  eager?: boolean
  priority?: boolean
}) {
  const t = useT()
  const price = useListPrice()(item)
  return (
    <a
      className="sw-item-card"
      href={`/item/${encodeURIComponent(item.id)}`}
      data-testid="item-card"
    >
      <span className="sw-item-card-media">
        <ItemImage
          image={item.storedisplaythumbnail}
          alt={item.displayname}
          sizes={CARD_SIZES}
          eager={eager}
          priority={priority}
        />
        {item.instock ? null : <span className="sw-badge sw-badge-out">{t('Out of stock')}</span>}
      </span>
      <span className="sw-item-card-name">{item.displayname}</span>
      <span className="sw-item-card-price">{price || t('Price not available')}</span>
    </a>
  )
}
