import { useEffect, useRef, type ReactNode } from 'react'
import { useT } from './i18n.js'

export interface SelectAllCellProps {
  /** The rows that can be selected, and how many of them are. */
  total: number
  chosen: number
  disabled?: boolean
  /** Called with true to select every row, false to clear the selection. */
  onChange(selectAll: boolean): void
}

/** A table header's select-all checkbox: checked when every row is selected, mixed when some are. */
export function SelectAllCell({ total, chosen, disabled, onChange }: SelectAllCellProps) {
  const t = useT()
  const all = total > 0 && chosen === total
  const some = chosen > 0 && !all
  // `indeterminate` is a DOM property with no attribute, so React cannot set it.
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = some
  }, [some])
  return (
    <th className="sw-table-check">
      <label className="sw-table-check-hit">
        <input
          ref={box}
          type="checkbox"
          checked={all}
          disabled={total === 0 || disabled}
          aria-label={t('Select all')}
          data-testid="select-all"
          onChange={() => onChange(!all)}
        />
      </label>
    </th>
  )
}

/** The one row of a table with nothing to show, across all its `span` columns. */
export function EmptyRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr className="sw-table-empty">
      <td colSpan={span} data-testid="table-empty">
        {children}
      </td>
    </tr>
  )
}
