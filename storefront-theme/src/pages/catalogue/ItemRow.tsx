import { useT } from '@shopwright/storefront/react'
import { useListPrice } from '../../components/ItemCard.js'
import { ItemImage } from '../../components/ItemImage.js'
import { MediaLink } from '../../components/MediaLink.js'
import type { ListItemAnswer } from '../../lib/commerce.js'

/** One item in the list display: thumbnail, name, description, price and stock. */
export function ItemRow({ item, eager }: { item: ListItemAnswer; eager: boolean }) {
  const t = useT()
  const price = useListPrice()(item)
  const href = `/item/${encodeURIComponent(item.id)}`
  return (
    <li className="sw-item-row" data-testid="item-row">
      <MediaLink className="sw-item-row-media" href={href}>
        <ItemImage
          image={item.storedisplaythumbnail}
          alt={item.displayname}
          sizes="120px"
          widths={[128, 256]}
          eager={eager}
        />
      </MediaLink>
      <div className="sw-item-row-text">
        <a className="sw-item-row-name" href={href}>
          {item.displayname}
        </a>
        <div
          className="sw-content sw-muted"
          dangerouslySetInnerHTML={{ __html: item.storedetaileddescription }}
        />
      </div>
      <div className="sw-item-row-buy">
        <span className="sw-item-card-price">{price || t('Price not available')}</span>
        {item.instock ? null : <span className="sw-badge sw-badge-out">{t('Out of stock')}</span>}
      </div>
    </li>
  )
}
