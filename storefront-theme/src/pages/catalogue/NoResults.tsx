import { useT } from '@shopwright/storefront/react'
import { useCategories } from '../../components/categories.js'

/** What to try when nothing was found: other words, or the categories. */
export function NoResults({ q }: { q: string }) {
  const t = useT()
  const categories = useCategories()
  return (
    <div className="sw-empty-state sw-search-empty" data-testid="search-empty">
      <p>{t('No results for “{0}”', q)}</p>
      <ul className="sw-search-tips">
        <li>{t('Check the spelling.')}</li>
        <li>{t('Try fewer words, or more general ones.')}</li>
      </ul>
      {categories?.length ? (
        <nav className="sw-search-categories" aria-label={t('Browse our categories')}>
          <span>{t('Browse our categories')}</span>
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <a
                  className="sw-chip"
                  href={`/category/${encodeURIComponent(category.id)}`}
                  data-testid="search-category"
                >
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  )
}
