import { mdiClose } from '@mdi/js'
import { useT } from '@shopwright/storefront/react'
import { CloseButton } from '../../components/CloseButton.js'
import { Icon } from '../../components/Icon.js'
import type { CategoryFacets } from '../../lib/commerce.js'
import { Hydrated } from '../../lib/hydrated.js'
import { filterCount, toggleOption, withoutFilters } from '../../lib/listing.js'
import { FILTERS_ID, RESULTS_ID, type FilterDrawer } from './filter-drawer.js'
import { FilterLink } from './FilterLink.js'
import type { ListingLinks } from './listing-links.js'
import { PriceFilter } from './PriceFilter.js'

/**
 * The category's filters (docs/api.md, "Search, sort and filters"): the price range, in stock
 * only and the option values, each with how many items it would show under the other filters.
 * Every choice is an address (writeListing's spelling), so it works without the page's code, and
 * Back and shared links show the same page.
 */
export function CategoryFilters({
  links,
  facets,
  total,
  drawer,
  onChoose,
}: {
  links: ListingLinks
  facets: CategoryFacets
  total: number
  drawer: FilterDrawer
  /** Called before a choice's navigation, with its address and the control chosen. */
  onChoose: (href: string, focus: string) => void
}) {
  const t = useT()
  const { choice } = links
  const count = filterCount(choice)
  const shown = t('Show {0, plural, one {# item} other {# items}}', total)
  return (
    <aside
      id={FILTERS_ID}
      className={drawer.open ? 'sw-filters sw-filters-is-open' : 'sw-filters'}
      aria-labelledby="sw-filters-title"
      data-testid="filters"
    >
      <div className="sw-filters-panel" ref={drawer.panel}>
        <div className="sw-filters-head">
          <h2 id="sw-filters-title">{t('Filters')}</h2>
          <Hydrated
            before={
              <a className="sw-icon-button sw-filters-close" href={`#${RESULTS_ID}`}>
                <Icon path={mdiClose} />
                <span className="sw-visually-hidden">{t('Close')}</span>
              </a>
            }
            after={
              <CloseButton
                className="sw-filters-close"
                onClick={drawer.close}
                testId="filters-close"
              />
            }
          />
        </div>
        <div className="sw-filters-body">
          {facets.price ? (
            <PriceFilter
              links={links}
              price={facets.price}
              onApply={(to) => onChoose(to, 'price')}
            />
          ) : null}
          <div className="sw-filter-group" role="group" aria-labelledby="sw-filter-stock">
            <h3 id="sw-filter-stock" className="sw-filter-title">
              {t('Availability')}
            </h3>
            <FilterLink
              className="sw-check-link"
              on={choice.instock}
              href={links.href({ ...choice, instock: !choice.instock })}
              disabled={facets.instock === 0}
              focusKey="instock"
              testId="instock-filter"
            >
              <span className="sw-check-box" aria-hidden="true" />
              <span>{t('In stock only')}</span>
              <span className="sw-filter-count">{facets.instock}</span>
            </FilterLink>
          </div>
          {facets.options.length > 0 ? (
            <div className="sw-filter-group" role="group" aria-labelledby="sw-filter-options">
              <h3 id="sw-filter-options" className="sw-filter-title">
                {t('Options')}
              </h3>
              <ul className="sw-chips">
                {facets.options.map((option) => (
                  <li key={option.key}>
                    <FilterLink
                      className="sw-chip"
                      on={choice.options.includes(option.key)}
                      href={links.href(toggleOption(choice, option.key))}
                      disabled={option.count === 0}
                      focusKey={`option:${option.key}`}
                      testId="option-filter"
                    >
                      <span>{option.value}</span>
                      <span className="sw-filter-count">{option.count}</span>
                    </FilterLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="sw-filters-foot">
          {count > 0 ? (
            <a
              className="sw-button"
              href={links.href(withoutFilters(choice))}
              rel="nofollow"
              data-focus-key="clear"
            >
              {t('Clear all')}
            </a>
          ) : null}
          <Hydrated
            before={
              <a className="sw-button sw-button-primary" href={`#${RESULTS_ID}`}>
                {shown}
              </a>
            }
            after={
              <button
                type="button"
                className="sw-button sw-button-primary"
                onClick={drawer.close}
                data-testid="filters-done"
              >
                {shown}
              </button>
            }
          />
        </div>
      </div>
      <div className="sw-filters-backdrop" onClick={drawer.close} aria-hidden="true" />
    </aside>
  )
}
