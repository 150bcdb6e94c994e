import { mdiTune } from '@mdi/js'
import { useT } from '@shopwright/storefront/react'
import { Icon } from '../../components/Icon.js'
import { useHydrated } from '../../lib/hydrated.js'
import { FILTERS_ID, type FilterDrawer } from './filter-drawer.js'

/** The toolbar's "Filters" button (below 1024 px), with how many filters apply. */
export function FiltersButton({ drawer, count }: { drawer: FilterDrawer; count: number }) {
  const t = useT()
  const hydrated = useHydrated()
  const content = (
    <>
      <Icon path={mdiTune} size={20} />
      <span>{t('Filters')}</span>
      {count > 0 ? <span className="sw-filters-count">{count}</span> : null}
    </>
  )
  if (!hydrated)
    return (
      <a className="sw-button sw-filters-button" href={`#${FILTERS_ID}`}>
        {content}
      </a>
    )
  return (
    <button
      ref={drawer.button}
      type="button"
      className="sw-button sw-filters-button"
      aria-expanded={drawer.open}
      aria-controls={FILTERS_ID}
      onClick={drawer.open ? drawer.close : drawer.show}
      data-testid="filters-button"
    >
      {content}
    </button>
  )
}
