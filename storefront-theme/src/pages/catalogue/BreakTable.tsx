import { useT } from '@shopwright/storefront/react'
import type { PriceBreak } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { breakAt } from './item-logic.js'

/** The quantity-break table: "1+ $24.00 · 10+ $21.60 · 50+ $19.20", the current break marked. */
export function BreakTable({
  breaks,
  quantity,
  currency,
}: {
  breaks: readonly PriceBreak[]
  quantity: number
  currency: string
}) {
  const t = useT()
  const { minor } = useMoney()
  if (breaks.length < 2) return null
  const current = breakAt(breaks, quantity)
  return (
    <div className="sw-breaks" data-testid="break-table">
      <p className="sw-breaks-title">{t('Buy more, pay less')}</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">{t('Quantity')}</th>
            {breaks.map((row) => (
              <td key={row.quantity} aria-current={row === current ? 'true' : undefined}>
                {/* "10+" reads the same on a right-to-left page. */}
                <span dir="ltr">{t('{0}+', row.quantity)}</span>
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('Unit price')}</th>
            {breaks.map((row) => (
              <td key={row.quantity} aria-current={row === current ? 'true' : undefined}>
                {minor(row.amount, currency)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}
