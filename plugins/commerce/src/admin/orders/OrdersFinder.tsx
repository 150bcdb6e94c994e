import { useEffect, useState } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { Button, RefreshButton, SearchInput, useT } from '@shopwright/admin-ui/kit'
import { ORDER_FILTERS } from '../../shared/orders.js'
import { filterLabel } from './order-filters.js'

/** How long typing pauses before the list is asked again. */
const SEARCH_PAUSE_MS = 300

/**
 * The list's filter tabs, search box and date range, all kept in the address: a tab or a date is
 * a new history entry at once, the search one per pause in typing.
 */
export function OrdersFinder({
  search,
  setSearch,
  onRefresh,
}: {
  search: URLSearchParams
  setSearch: SetURLSearchParams
  onRefresh(): void
}) {
  const t = useT()
  const inAddress = search.get('q') ?? ''
  const [typed, setTyped] = useState(inAddress)
  // Back and Forward change the address under the box: it shows what the list is of.
  useEffect(() => {
    setTyped((current) => (current.trim() === inAddress.trim() ? current : inAddress))
  }, [inAddress])

  const change = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search)
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value)
      else next.delete(name)
    }
    setSearch(next)
  }
  useEffect(() => {
    if (typed.trim() === inAddress.trim()) return
    const timer = setTimeout(() => change({ q: typed.trim() }), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  })

  const current = search.get('filter') ?? 'all'
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  return (
    <div className="sw-orders-finder">
      <div className="sw-orders-tabs" role="group" aria-label={t('Show')}>
        {ORDER_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className="sw-orders-tab"
            aria-pressed={current === filter}
            onClick={() => change({ filter: filter === 'all' ? '' : filter })}
            data-testid={`filter-${filter}`}
          >
            {filterLabel(t, filter)}
          </button>
        ))}
      </div>
      <div className="sw-orders-fields">
        <div className="sw-orders-search">
          <SearchInput
            label={t('Search by number, name or e-mail')}
            value={typed}
            onSearch={setTyped}
            data-testid="orders-search"
          />
        </div>
        <label className="sw-orders-date">
          <span>{t('From')}</span>
          <input
            type="date"
            className="sw-input"
            value={from}
            max={to || undefined}
            onChange={(event) => change({ from: event.target.value })}
            data-testid="orders-from"
          />
        </label>
        <label className="sw-orders-date">
          <span>{t('To')}</span>
          <input
            type="date"
            className="sw-input"
            value={to}
            min={from || undefined}
            onChange={(event) => change({ to: event.target.value })}
            data-testid="orders-to"
          />
        </label>
        {from || to ? (
          <Button
            icon="close"
            onClick={() => change({ from: '', to: '' })}
            data-testid="clear-dates"
          >
            {t('Any date')}
          </Button>
        ) : null}
        <RefreshButton onClick={onRefresh} />
      </div>
    </div>
  )
}
