import type { PageProps } from '@shopwright/storefront/shared'
import { usePageExtra, useT } from '@shopwright/storefront/react'
import { useCategories } from '../../components/categories.js'
import { CategoryTiles } from '../../components/CategoryTiles.js'
import { ErrorView } from '../../components/ErrorView.js'
import { ItemCard } from '../../components/ItemCard.js'
import { Pager } from '../../components/Pager.js'
import { SearchBox } from '../../components/SearchBox.js'
import { SEARCH_EXTRA, type SearchPageExtra } from '../../lib/commerce.js'
import { NoResults } from './NoResults.js'

/** Cards loaded at once: the first row of the widest grid (four columns). */
const EAGER_CARDS = 4

/**
 * `/search?q=` (a route whose component is `SearchView`): the search box, then the items the text
 * finds, in the categories' grid, with "N results for “q”" and the pager (`?page=`). The first
 * page of results comes with the page from the server (commerce's `SEARCH_EXTRA`), priced for
 * the visitor; nothing found says what to try instead. Without a text, the box and the shop's
 * categories.
 */
export function SearchView(_props: PageProps) {
  const t = useT()
  const extra = usePageExtra<SearchPageExtra>(SEARCH_EXTRA)
  const categories = useCategories()
  if (!extra)
    return (
      <ErrorView title={t('ERROR_ITEMS_NOT_AVAILABLE')}>
        <SearchBox id="sw-search-page" className="sw-search-page-box" />
      </ErrorView>
    )
  const { q, search } = extra
  return (
    <div className="sw-search-page">
      <h1>{q ? t('Search results') : t('Search')}</h1>
      <SearchBox id="sw-search-page" className="sw-search-page-box" />
      {!q ? (
        <CategoryTiles categories={categories} />
      ) : search.total === 0 ? (
        <NoResults q={q} />
      ) : (
        <>
          <p className="sw-muted sw-search-count" role="status" data-testid="search-count">
            {t(
              '{0, plural, one {# result for “{1}”} other {# results for “{1}”}}',
              search.total,
              q,
            )}
          </p>
          <ul className="sw-grid" data-testid="item-grid">
            {search.data.map((item, index) => (
              <li key={item.id}>
                <ItemCard item={item} eager={index < EAGER_CARDS} priority={index === 0} />
              </li>
            ))}
          </ul>
          <Pager page={search.page} pages={search.pages} />
        </>
      )}
    </div>
  )
}
