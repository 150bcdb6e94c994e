import { ItemCard } from '../../components/ItemCard.js'
import type { ListItemAnswer } from '../../lib/commerce.js'
import { ItemRow } from './ItemRow.js'

/** Cards loaded at once: the first row of the widest grid (four columns). */
const EAGER_CARDS = 4

/** The items of a category page: a grid of cards or a list of rows. */
export function ItemsShown({ items, list }: { items: ListItemAnswer[]; list: boolean }) {
  if (list)
    return (
      <ul className="sw-item-list" data-testid="item-list">
        {items.map((item, index) => (
          <ItemRow key={item.id} item={item} eager={index < EAGER_CARDS} />
        ))}
      </ul>
    )
  return (
    <ul className="sw-grid" data-testid="item-grid">
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} eager={index < EAGER_CARDS} priority={index === 0} />
        </li>
      ))}
    </ul>
  )
}
