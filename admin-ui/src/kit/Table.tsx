import './styles/table.css'
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { cutLongText, listCell } from './cells.js'
import { PLACEHOLDER_MIN_HEIGHT, PlaceholderBar } from './Placeholder.js'
import { useT } from './i18n.js'
import { Icon } from './Icon.js'
import { EmptyRow, SelectAllCell } from './TableParts.js'

/** One column of a DataTable. */
export interface Column<Row> {
  /** Unique in the table; without `render`, also the row field the cell shows. */
  id: string
  /** The heading, shown as given (translate it with `t` first, as for Dialog titles). */
  label: string
  /** The cell's content; by default the field `id` of the row with the spec's display limits. */
  render?: (row: Row) => ReactNode
  /** A CSS width for the column: a number is px. */
  width?: number | string
  /** Its heading orders the rows (DataTable's `onSort`). */
  sortable?: boolean
}

/** The column the rows are ordered by, and which way. */
export interface TableSort {
  column: string
  descending: boolean
}

/** Props of DataTable. */
export interface DataTableProps<Row> {
  rows: readonly Row[]
  columns: ReadonlyArray<Column<Row>>
  /** The row's unique key, or the name of the field that holds it. */
  rowKey: ((row: Row) => string) | (keyof Row & string)
  /** Adds a checkbox column and a select-all header checkbox. */
  selectable?: boolean
  /** The selected rows' keys; the parent owns them (see useSelection). */
  selected?: ReadonlySet<string>
  /** Called with the new set of selected keys. */
  onSelect?: (keys: Set<string>) => void
  /** Makes rows clickable (and Enter on a focused row opens it). */
  onRowClick?: (row: Row) => void
  /** Shows placeholder rows after the rows there are. */
  loading?: boolean
  /** Placeholder rows while loading; 5 by default. They fill at least 200 px. */
  placeholderRows?: number
  /** Shown when there are no rows and nothing is loading; "No records" by default. */
  empty?: ReactNode
  /** The table's data-testid, to tell tables on one page apart; "data-table" by default. */
  testId?: string
  /** The order the rows are in (the parent orders them). */
  sort?: TableSort
  /** A sortable column's heading was pressed: the parent orders by it, or turns its order round. */
  onSort?: (column: string) => void
}

/** What a cell shows without `render`: texts cut and lists shortened (cells.ts). */
function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return cutLongText(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  if (Array.isArray(value))
    return listCell(value.filter((item) => typeof item === 'string' || typeof item === 'number'))
  return ''
}

function fieldOf(row: unknown, id: string): unknown {
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[id] : undefined
}

const EMPTY: ReadonlySet<string> = new Set()

// A click on a link, button or input inside a cell is that control's, not the row's.
const CONTROLS = 'a, button, input, select, textarea, label'

/**
 * A data table for record lists and the bin: clickable, selectable rows, a select-all header
 * checkbox, placeholders while loading and a text when empty.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  selectable = false,
  selected = EMPTY,
  onSelect,
  onRowClick,
  loading = false,
  placeholderRows = 5,
  empty,
  testId = 'data-table',
  sort,
  onSort,
}: DataTableProps<Row>) {
  const t = useT()
  const keyOf = (row: Row): string =>
    typeof rowKey === 'function' ? rowKey(row) : String(fieldOf(row, rowKey))
  const keys = rows.map(keyOf)
  const chosen = keys.filter((key) => selected.has(key)).length

  const toggle = (key: string) => {
    const next = new Set(selected)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    onSelect?.(next)
  }

  const clickRow = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    const control = (event.target as Element).closest(CONTROLS)
    if (control && event.currentTarget.contains(control)) return
    // Dragging over a row to copy its text ends in a click; that should not open the record.
    if (window.getSelection?.()?.type === 'Range') return
    onRowClick?.(row)
  }

  const keyRow = (event: KeyboardEvent<HTMLTableRowElement>, row: Row, key: string) => {
    // Keys pressed in a checkbox or link inside the row are theirs.
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' && onRowClick) {
      event.preventDefault()
      onRowClick(row)
    } else if (event.key === ' ' && selectable) {
      event.preventDefault()
      toggle(key)
    }
  }

  const span = columns.length + (selectable ? 1 : 0)
  const placeholders = loading ? Math.max(1, Math.floor(placeholderRows)) : 0
  const placeholderHeight = Math.max(
    36,
    Math.ceil(PLACEHOLDER_MIN_HEIGHT / Math.max(1, placeholders)),
  )

  return (
    // Focusable, so a keyboard can scroll a table wider than a phone's screen sideways.
    <div className="sw-table-wrap" tabIndex={0}>
      <table className="sw-table" aria-busy={loading || undefined} data-testid={testId}>
        <thead>
          <tr>
            {selectable ? (
              <SelectAllCell
                total={keys.length}
                chosen={chosen}
                onChange={(selectAll) => onSelect?.(selectAll ? new Set(keys) : new Set())}
              />
            ) : null}
            {columns.map((column) => {
              if (!column.sortable || !onSort)
                return (
                  <th key={column.id} scope="col" style={{ width: column.width }}>
                    {column.label}
                  </th>
                )
              const sorted = sort?.column === column.id
              const order = sorted ? (sort.descending ? 'descending' : 'ascending') : undefined
              return (
                <th key={column.id} scope="col" style={{ width: column.width }} aria-sort={order}>
                  <button
                    type="button"
                    className="sw-table-sort"
                    onClick={() => onSort(column.id)}
                    data-testid={`sort-${column.id}`}
                  >
                    {column.label}
                    <Icon
                      name={sorted && sort.descending ? 'arrow-down' : 'arrow-up'}
                      size={14}
                      className={sorted ? 'sw-table-sort-on' : 'sw-table-sort-off'}
                    />
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = keys[index]!
            const isSelected = selected.has(key)
            const classes = [
              'sw-table-row',
              onRowClick ? 'sw-table-row-clickable' : '',
              isSelected ? 'sw-table-row-selected' : '',
            ]
            return (
              <tr
                key={key}
                className={classes.filter(Boolean).join(' ')}
                tabIndex={onRowClick ? 0 : undefined}
                data-testid={`row-${key}`}
                onClick={onRowClick ? (event) => clickRow(event, row) : undefined}
                onKeyDown={(event) => keyRow(event, row, key)}
              >
                {selectable ? (
                  // The whole cell toggles, and none of its clicks reach the row's onClick.
                  <td className="sw-table-check" onClick={(event) => event.stopPropagation()}>
                    <label className="sw-table-check-hit">
                      <input
                        type="checkbox"
                        checked={isSelected}
                        aria-label={t('Select row')}
                        data-testid={`row-check-${key}`}
                        onChange={() => toggle(key)}
                      />
                    </label>
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.id}>
                    {column.render ? column.render(row) : defaultCell(fieldOf(row, column.id))}
                  </td>
                ))}
              </tr>
            )
          })}
          {Array.from({ length: placeholders }, (_, index) => (
            <tr
              key={`placeholder-${index}`}
              className="sw-table-placeholder"
              style={{ height: placeholderHeight }}
              aria-hidden="true"
              data-testid="table-placeholder"
            >
              {Array.from({ length: span }, (_, cell) => (
                <td key={cell}>
                  <PlaceholderBar width={selectable && cell === 0 ? 16 : '80%'} />
                </td>
              ))}
            </tr>
          ))}
          {!loading && rows.length === 0 ? (
            <EmptyRow span={span}>{empty ?? t('No records')}</EmptyRow>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}

/** The selection of a list, shaped to pass to DataTable as `selected` and `onSelect`. */
export interface Selection {
  /** The selected keys, only ever keys of the current rows. */
  selected: ReadonlySet<string>
  /** Replaces the selection (DataTable's `onSelect`). */
  onSelect: (keys: Iterable<string>) => void
  /** Selects a row, or unselects it when selected. */
  toggle: (key: string) => void
  /** Selects every current row. */
  selectAll: () => void
  /** Unselects every row. */
  clear: () => void
}

/**
 * A list's selection state, given the current rows' keys. Keys of rows that went away (deleted,
 * another page, a refresh) are dropped, so a Delete never acts on a row the user cannot see.
 */
export function useSelection(keys: readonly string[]): Selection {
  const [picked, setPicked] = useState<ReadonlySet<string>>(EMPTY)
  const present = new Set(keys)
  const stale = [...picked].some((key) => !present.has(key))
  const selected = stale ? new Set([...picked].filter((key) => present.has(key))) : picked
  // React's "adjust state while rendering": this render already returns the pruned set.
  if (stale) setPicked(selected)

  // Handlers read the keys of the last committed render, so they stay the same functions.
  const current = useRef(keys)
  useLayoutEffect(() => {
    current.current = keys
  })

  const onSelect = useCallback((next: Iterable<string>) => setPicked(new Set(next)), [])
  const toggle = useCallback((key: string) => {
    setPicked((previous) => {
      const next = new Set(previous)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }, [])
  const selectAll = useCallback(() => setPicked(new Set(current.current)), [])
  const clear = useCallback(() => setPicked(EMPTY), [])

  return useMemo(
    () => ({ selected, onSelect, toggle, selectAll, clear }),
    [selected, onSelect, toggle, selectAll, clear],
  )
}
