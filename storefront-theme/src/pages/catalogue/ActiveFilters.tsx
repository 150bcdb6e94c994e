import { mdiClose } from '@mdi/js'
import { useT } from '@shopwright/storefront/react'
import { Icon } from '../../components/Icon.js'
import type { CategoryFacets } from '../../lib/commerce.js'
import { toggleOption, withoutFilters } from '../../lib/listing.js'
import { useMoney } from '../../lib/money.js'
import type { ListingLinks } from './listing-links.js'

/**
 * The filters that apply, each a link that removes it, and "Clear all" (the sort is kept). Prices
 * in the currency the page is priced in.
 */
export function ActiveFilters({
  links,
  facets,
}: {
  links: ListingLinks
  facets: CategoryFacets | null
}) {
  const t = useT()
  const { minor } = useMoney()
  const { choice } = links
  const money = (amount: number) => minor(amount, links.currency)
  const chips: Array<{ key: string; label: string; href: string }> = []
  if (choice.min !== null || choice.max !== null)
    chips.push({
      key: 'price',
      label:
        choice.min !== null && choice.max !== null
          ? t('{0} – {1}', money(choice.min), money(choice.max))
          : choice.min !== null
            ? t('From {0}', money(choice.min))
            : t('Up to {0}', money(choice.max ?? 0)),
      href: links.href({ ...choice, min: null, max: null }),
    })
  if (choice.instock)
    chips.push({
      key: 'instock',
      label: t('In stock only'),
      href: links.href({ ...choice, instock: false }),
    })
  for (const key of choice.options)
    chips.push({
      key: `option:${key}`,
      label: facets?.options.find((option) => option.key === key)?.value ?? key,
      href: links.href(toggleOption(choice, key)),
    })
  if (chips.length === 0) return null
  return (
    <div className="sw-active-filters" role="group" aria-label={t('Active filters')}>
      <ul>
        {chips.map((chip) => (
          <li key={chip.key}>
            <a
              className="sw-active-chip"
              href={chip.href}
              rel="nofollow"
              aria-label={t('Remove filter: {0}', chip.label)}
              data-focus-key={`remove:${chip.key}`}
              data-testid="active-filter"
            >
              <span>{chip.label}</span>
              <Icon path={mdiClose} size={16} />
            </a>
          </li>
        ))}
      </ul>
      <a
        className="sw-link-button"
        href={links.href(withoutFilters(choice))}
        rel="nofollow"
        data-focus-key="clear"
        data-testid="clear-filters"
      >
        {t('Clear all')}
      </a>
    </div>
  )
}
