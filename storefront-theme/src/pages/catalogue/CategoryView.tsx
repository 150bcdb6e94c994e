import { useEffect } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, usePageExtra, useSession, useT } from '@shopwright/storefront/react'
import { mdiViewGridOutline, mdiViewListOutline } from '@mdi/js'
import { UnavailableView } from '../../components/UnavailableView.js'
import { Icon } from '../../components/Icon.js'
import { Pager } from '../../components/Pager.js'
import { useSite } from '../../components/site.js'
import { NO_FILTERS, PAGE_EXTRA, type CategoryPageExtra } from '../../lib/commerce.js'
import { filterCount, isFiltered, listingHref, withoutFilters } from '../../lib/listing.js'
import { ActiveFilters } from './ActiveFilters.js'
import { CategoryFilters } from './CategoryFilters.js'
import { RESULTS_ID, useFilterDrawer, type FilterDrawer } from './filter-drawer.js'
import { FiltersButton } from './FiltersButton.js'
import { ItemsShown } from './ItemsShown.js'
import { carriedTo, carry, dropCarried, listingLinks } from './listing-links.js'
import { SortControl } from './SortControl.js'

/**
 * The page a filter change leads to takes over from this one (listing-links.ts): the control
 * chosen gets the focus again (or the items, when it is gone), an open drawer stays open where
 * it was scrolled.
 */
function useCarriedFocus(href: string, drawer: FilterDrawer) {
  useEffect(() => {
    const carried = carriedTo(href)
    dropCarried()
    if (!carried?.focus) return
    const panel = drawer.panel.current
    if (panel && carried.drawer) panel.scrollTop = carried.scroll
    const target =
      Array.from(document.querySelectorAll<HTMLElement>('[data-focus-key]')).find(
        (element) => element.dataset.focusKey === carried.focus,
      ) ?? (carried.drawer ? null : document.getElementById(RESULTS_ID))
    target?.focus({ preventScroll: true })
    // Once, as the page mounts: what was carried is for this page only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/**
 * `/category/:id` (record mode): the category's name and content, then a page of its items as a
 * grid of 24 or a list of 50 (`?display=list`), with the pager (`?page=`), the sort and the
 * filters (the price range, in stock only, option values; a column beside the items on wide
 * screens, a drawer behind a "Filters" button below 1024 px). The items come with the page from
 * the server (commerce's page extra), sorted, filtered and priced for the visitor; every choice is
 * an address in writeListing's spelling. A category that does not exist, or an address the server
 * does not write so, is the theme's 'Page not Found' with a 404.
 */
export function CategoryView({ record }: PageProps) {
  const t = useT()
  const { href } = useNavigation()
  const site = useSite()
  const { locale } = useSession()
  const extra = usePageExtra<CategoryPageExtra>(PAGE_EXTRA)
  const category = extra?.category
  const path = href.split('?')[0] ?? ''
  const drawer = useFilterDrawer(href)
  useCarriedFocus(href, drawer)
  const name = category?.name || (typeof record?.name === 'string' ? record.name : '')
  if (!category) return <UnavailableView title={t('ERROR_CATEGORY_NOT_AVAILABLE')} />
  const display = extra.display === 'list' ? 'list' : 'grid'
  // A plugin without sort and filters answers neither: the page is then as it was before them.
  const choice = category.listing ?? NO_FILTERS
  const facets = category.facets ?? null
  // The currency the server priced the page in, in which `min=` and `max=` are written.
  const currency =
    facets?.price?.currency ??
    category.items[0]?.price.currency ??
    locale?.currency ??
    site.currencies[0]?.id ??
    'usd'
  const links = listingLinks(path, choice, currency, site.currencies, display)
  const filtered = isFiltered(choice)
  // Nothing to sort or filter in an empty category.
  const controls = facets !== null && (filtered || category.total > 0)

  /** Hands the page at `to` what it takes over from this one (the focus, the open drawer). */
  const handOver = (to: string, focus: string | null) =>
    carry({
      href: to,
      focus,
      drawer: drawer.open,
      scroll: drawer.panel.current?.scrollTop ?? 0,
    })

  return (
    <div className="sw-category">
      <nav className="sw-breadcrumbs" aria-label={t('Breadcrumbs')}>
        <a href="/">{t('Home')}</a>
        <span aria-current="page">{name}</span>
      </nav>
      <header className="sw-category-head">
        <h1>{name}</h1>
        {category.custrecord_web_webcat_content ? (
          <div
            className="sw-content sw-lead"
            dangerouslySetInnerHTML={{ __html: category.custrecord_web_webcat_content }}
          />
        ) : null}
      </header>
      <div
        className={controls ? 'sw-listing' : 'sw-listing sw-listing-plain'}
        onClick={(event) => {
          // A filter link followed here (not in a new tab): its page focuses it again.
          const chosen = (event.target as Element).closest<HTMLAnchorElement>('a[data-focus-key]')
          const plain =
            event.button === 0 &&
            !event.metaKey &&
            !event.ctrlKey &&
            !event.shiftKey &&
            !event.altKey
          if (chosen && plain)
            handOver(chosen.getAttribute('href') ?? '', chosen.dataset.focusKey ?? null)
        }}
      >
        {controls ? (
          <CategoryFilters
            links={links}
            facets={facets}
            total={category.total}
            drawer={drawer}
            onChoose={handOver}
          />
        ) : null}
        <div id={RESULTS_ID} className="sw-listing-main" tabIndex={-1}>
          <div className="sw-toolbar">
            {controls ? <FiltersButton drawer={drawer} count={filterCount(choice)} /> : null}
            <p className="sw-muted" data-testid="item-count">
              {t('{0, plural, one {# item} other {# items}}', category.total)}
            </p>
            {controls ? (
              <SortControl links={links} onChoose={(to) => handOver(to, 'sort')} />
            ) : null}
            <div className="sw-display-toggle" role="group" aria-label={t('Display')}>
              <a
                href={listingHref(path, choice, links.places, 'grid')}
                aria-current={display === 'list' ? undefined : 'true'}
                data-testid="display-grid"
              >
                <Icon path={mdiViewGridOutline} size={20} />
                <span>{t('Grid')}</span>
              </a>
              <a
                href={listingHref(path, choice, links.places, 'list')}
                aria-current={display === 'list' ? 'true' : undefined}
                data-testid="display-list"
              >
                <Icon path={mdiViewListOutline} size={20} />
                <span>{t('List')}</span>
              </a>
            </div>
          </div>
          {filtered ? <ActiveFilters links={links} facets={facets} /> : null}
          {category.items.length > 0 ? (
            <ItemsShown items={category.items} list={display === 'list'} />
          ) : filtered ? (
            <div className="sw-empty-state" data-testid="filters-empty">
              <p>{t('No items match these filters')}</p>
              <span>{t('Remove a filter, or clear them all to see every item.')}</span>
              <a
                className="sw-button sw-button-primary"
                href={links.href(withoutFilters(choice))}
                rel="nofollow"
              >
                {t('Clear filters')}
              </a>
            </div>
          ) : (
            <p className="sw-empty">{t('There are no items in this category yet.')}</p>
          )}
          <Pager page={category.page} pages={category.pages} />
        </div>
      </div>
    </div>
  )
}
