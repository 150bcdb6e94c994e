import { mdiChevronDown } from '@mdi/js'
import { useNavigation, useT } from '@shopwright/storefront/react'
import { Icon } from '../../components/Icon.js'
import { SORT_ORDERS, type SortOrder } from '../../lib/commerce.js'
import { useHydrated } from '../../lib/hydrated.js'
import type { ListingLinks } from './listing-links.js'

/** The sort orders' labels, in the page's language. */
function useSortLabels(): Record<SortOrder, string> {
  const t = useT()
  return {
    featured: t('Featured'),
    'price-asc': t('Price: low to high'),
    'price-desc': t('Price: high to low'),
    name: t('Name: A to Z'),
    newest: t('Newest'),
  }
}

/**
 * The category's sort: a select that goes to the page sorted so (client navigation, Back
 * returns). Before the page's code runs it is a menu of links in the same box: a form could not
 * write the default order as its address leaves it out (`sort=featured` is 'Page not Found').
 */
export function SortControl({
  links,
  onChoose,
}: {
  links: ListingLinks
  /** Called with the address chosen, before the navigation to it. */
  onChoose: (href: string) => void
}) {
  const t = useT()
  const hydrated = useHydrated()
  const { navigate } = useNavigation()
  const labels = useSortLabels()
  const { choice } = links
  if (!hydrated)
    return (
      <details className="sw-sort">
        <summary>
          <span className="sw-sort-label">{t('Sort by')}</span>
          <span className="sw-sort-box">
            {labels[choice.sort]}
            <Icon path={mdiChevronDown} size={20} />
          </span>
        </summary>
        <ul className="sw-sort-menu">
          {SORT_ORDERS.map((order) => (
            <li key={order}>
              <a
                href={links.href({ ...choice, sort: order })}
                rel="nofollow"
                aria-current={order === choice.sort ? 'true' : undefined}
              >
                {labels[order]}
              </a>
            </li>
          ))}
        </ul>
      </details>
    )
  return (
    <label className="sw-sort">
      <span className="sw-sort-label">{t('Sort by')}</span>
      <span className="sw-sort-box">
        <select
          value={choice.sort}
          onChange={(event) => {
            const to = links.href({ ...choice, sort: event.target.value as SortOrder })
            onChoose(to)
            navigate(to)
          }}
          data-focus-key="sort"
          data-testid="sort-select"
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {labels[order]}
            </option>
          ))}
        </select>
        <Icon path={mdiChevronDown} size={20} />
      </span>
    </label>
  )
}
