import { useState } from 'react'
import { Pages, useT } from '@shopwright/admin-ui/kit'
import { OTHER_KEY } from '@shopwright/core/shared'
import type { Keyed } from '../shared/types.js'
import { pageCount, pageOf, TOP_ROWS } from './insights-series.js'

export interface TopListProps {
  /** The list's title, translated ('Entry Pages'). */
  title: string
  /** The heading of the keys' column, translated ('Page'). */
  keyHeading: string
  /** The heading of the counts' column, translated ('Sessions', 'Views'). */
  valueHeading: string
  rows: readonly Keyed[]
  /** How a key is shown (a country's name, a city with its region). */
  label?: (key: string) => string
  testId: string
}

/** A top list (5 rows a page), largest first, with the kit's page links. */
export function TopList(props: TopListProps) {
  const { title, keyHeading, valueHeading, rows, label, testId } = props
  const t = useT()
  const [page, setPage] = useState(1)
  const shown = pageOf(rows, Math.min(page, pageCount(rows)))
  const first = (Math.min(page, pageCount(rows)) - 1) * TOP_ROWS
  return (
    <section className="insights-top" data-testid={testId}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="sw-muted">{t('Nothing this month.')}</p>
      ) : (
        <table className="sw-table insights-top-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{keyHeading}</th>
              <th scope="col" className="insights-number">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={row.key}>
                <td>{first + index + 1}</td>
                <td className="insights-key">{shownKey(row.key, label, t('Other'))}</td>
                <td className="insights-number">{row.value.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pages page={Math.min(page, pageCount(rows))} pages={pageCount(rows)} onPage={setPage} />
    </section>
  )
}

/** The roll-up's bucket for keys beyond its limit is shown as the charts' "Other". */
function shownKey(key: string, label: ((key: string) => string) | undefined, other: string) {
  if (key === OTHER_KEY) return other
  return label ? label(key) : key || '—'
}
