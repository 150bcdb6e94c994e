import './list-finder.css'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { type FieldDefinition } from '@shopwright/client'
import { Button, Icon, useT } from '@shopwright/admin-ui/kit'
import { MAX_LIST_FILTERS, MAX_SEARCH_LENGTH } from '../shared/list-columns.js'

/** A filter as the address keeps it: a list column's id and the value it must hold. */
export interface ListFilter {
  field: string
  value: string
}

/** `field:value`, as the list call and the address take it. */
export function filterParam(filter: ListFilter): string {
  return `${filter.field}:${filter.value}`
}

/** The filters of an address's `filter` parameters; malformed ones are left out. */
export function parseFilters(params: readonly string[]): ListFilter[] {
  return params.flatMap((param) => {
    const colon = param.indexOf(':')
    return colon > 0 ? [{ field: param.slice(0, colon), value: param.slice(colon + 1) }] : []
  })
}

/** How long typing pauses before the list asks again. */
const SEARCH_PAUSE_MS = 150

/**
 * A record list's search box and filters (docs/admin.md, "Finding records"). The search asks
 * once typing pauses; a filter is a list column and a value (Yes or No for a yes/no column), shown
 * as a chip that removes it.
 */
export function ListFinder({
  columns,
  search,
  filters,
  onSearch,
  onFilters,
}: {
  /** The list columns a filter may name. */
  columns: readonly FieldDefinition[]
  search: string
  filters: readonly ListFilter[]
  onSearch(search: string): void
  onFilters(filters: ListFilter[]): void
}) {
  const t = useT()
  const id = useId()
  const [typed, setTyped] = useState(search)
  // The address changed by itself (Back, another type): the box shows what is searched.
  const asked = useRef(search)
  useEffect(() => {
    if (search !== asked.current) {
      asked.current = search
      setTyped(search)
    }
  }, [search])
  useEffect(() => {
    if (typed === asked.current) return
    const timer = setTimeout(() => {
      asked.current = typed
      onSearch(typed)
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, onSearch])

  const [field, setField] = useState('')
  const [value, setValue] = useState('')
  const chosen = columns.find((column) => column.id === field)
  const isBoolean = chosen?.datatype === 'boolean'
  const full = filters.length >= MAX_LIST_FILTERS
  const add = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen || full) return
    const added = isBoolean ? (value === 'false' ? 'false' : 'true') : value.trim()
    if (added === '') return
    onFilters([...filters, { field: chosen.id, value: added }])
    setValue('')
  }
  const labelOf = (filter: ListFilter) => {
    const column = columns.find((each) => each.id === filter.field)
    const shown =
      column?.datatype === 'boolean' ? (filter.value === 'true' ? t('Yes') : t('No')) : filter.value
    return `${column?.name || filter.field}: ${shown}`
  }

  return (
    <div className="records-finder">
      <div className="records-finder-row">
        <label className="records-finder-search">
          <Icon name="magnify" size={18} />
          <span className="sw-visually-hidden">{t('Search records')}</span>
          <input
            type="search"
            className="sw-input"
            value={typed}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('Search records')}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="list-search"
          />
        </label>
        {columns.length > 0 ? (
          <form className="records-finder-filter" onSubmit={add} data-testid="list-filter">
            <label htmlFor={`${id}-field`} className="sw-visually-hidden">
              {t('Filter by')}
            </label>
            <select
              id={`${id}-field`}
              className="sw-input"
              value={field}
              onChange={(event) => {
                setField(event.target.value)
                setValue('')
              }}
              data-testid="list-filter-field"
            >
              <option value="">{t('Filter by')}</option>
              {columns.map((column) => (
                <option key={column.id} value={column.id}>
                  {column.name || column.id}
                </option>
              ))}
            </select>
            {chosen ? (
              <>
                <label htmlFor={`${id}-value`} className="sw-visually-hidden">
                  {t('Value')}
                </label>
                {isBoolean ? (
                  <select
                    id={`${id}-value`}
                    className="sw-input"
                    value={value === 'false' ? 'false' : 'true'}
                    onChange={(event) => setValue(event.target.value)}
                    data-testid="list-filter-value"
                  >
                    <option value="true">{t('Yes')}</option>
                    <option value="false">{t('No')}</option>
                  </select>
                ) : (
                  <input
                    id={`${id}-value`}
                    className="sw-input"
                    value={value}
                    maxLength={200}
                    onChange={(event) => setValue(event.target.value)}
                    data-testid="list-filter-value"
                  />
                )}
                <Button type="submit" icon="plus" disabled={full} data-testid="list-filter-add">
                  {t('Add filter')}
                </Button>
              </>
            ) : null}
          </form>
        ) : null}
      </div>
      {filters.length > 0 ? (
        <ul className="sw-chips" aria-label={t('Filters')} data-testid="list-filters">
          {filters.map((filter, index) => (
            <li key={`${filterParam(filter)}-${index}`}>
              {labelOf(filter)}
              <button
                type="button"
                className="sw-chip-remove"
                aria-label={t('Remove {0}', labelOf(filter))}
                onClick={() => onFilters(filters.filter((_, at) => at !== index))}
                data-testid="list-filter-remove"
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
