import { Link } from 'react-router'
import { useLanguage, useT, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { ITEM_TYPE } from '../shared/types.js'
import './commerce.css'

/** One line of an order or an invoice as checkout wrote it. */
interface DocumentLine {
  item?: { type?: unknown; id?: unknown }
  itemid?: unknown
  displayname?: unknown
  quantity?: unknown
  rate?: unknown
  amount?: unknown
  tax?: unknown
  grossamt?: unknown
}

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** A line's tax: as written, else its gross amount less its amount. */
export function lineTax(line: DocumentLine): number | null {
  const tax = numberOf(line.tax)
  if (tax !== null) return tax
  const gross = numberOf(line.grossamt)
  const amount = numberOf(line.amount)
  return gross !== null && amount !== null ? Math.round((gross - amount) * 1e4) / 1e4 : null
}

/** The lines of a `documentlines` value; anything else reads as none. */
export function documentLines(value: unknown): DocumentLine[] {
  const lines = (value as { lines?: unknown } | null | undefined)?.lines
  return Array.isArray(lines)
    ? lines.filter((line): line is DocumentLine => typeof line === 'object' && line !== null)
    : []
}

/**
 * The lines of an order or an invoice (`documentlines`), always read-only: checkout wrote them
 * and the orders guard keeps them (README, "Records"). Item (linked to its record), quantity,
 * rate, amount and tax, with the amounts in the admin's language.
 */
export default function DocumentLinesView({ field, value }: FieldEditorProps) {
  const t = useT()
  const { language } = useLanguage()
  const money = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  })
  const count = new Intl.NumberFormat(language)
  const shown = (amount: number | null, format: Intl.NumberFormat) =>
    amount === null ? '' : format.format(amount)
  const lines = documentLines(value)
  return (
    <div className="sw-price-scroll" data-testid={`lines-${field.id}`}>
      {/* Focusable: nothing inside is, and a keyboard must be able to scroll it sideways. */}
      <div className="sw-scroll-x" tabIndex={0}>
        <table className="sw-mini-table sw-document-lines">
          <thead>
            <tr>
              <th>{t('Item')}</th>
              <th className="sw-number">{t('Quantity')}</th>
              <th className="sw-number">{t('Rate')}</th>
              <th className="sw-number">{t('Amount')}</th>
              <th className="sw-number">{t('Tax')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const name = typeof line.displayname === 'string' ? line.displayname : ''
              const itemid = typeof line.itemid === 'string' ? line.itemid : ''
              const id = typeof line.item?.id === 'string' ? line.item.id : ''
              const label = name || itemid || id
              return (
                <tr key={index} data-testid={`line-${index}`}>
                  <td>
                    {id ? (
                      <Link to={`/data/${ITEM_TYPE}/${encodeURIComponent(id)}`}>{label}</Link>
                    ) : (
                      label
                    )}
                    {name && itemid && itemid !== name ? (
                      <span className="sw-muted sw-line-itemid">{itemid}</span>
                    ) : null}
                  </td>
                  <td className="sw-number">{shown(numberOf(line.quantity), count)}</td>
                  <td className="sw-number">{shown(numberOf(line.rate), money)}</td>
                  <td className="sw-number">{shown(numberOf(line.amount), money)}</td>
                  <td className="sw-number">{shown(lineTax(line), money)}</td>
                </tr>
              )
            })}
            {lines.length === 0 ? (
              <tr>
                <td colSpan={5} className="sw-muted">
                  {t('No lines.')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  )
}
