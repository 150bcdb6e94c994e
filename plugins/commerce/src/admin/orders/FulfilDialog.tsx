import { useState } from 'react'
import { Dialog, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import { newKey } from './order-format.js'
import { DialogRefusal, useRefusal } from './DialogRefusal.js'
import type { OrdersApi } from './orders-api.js'
import type { ShownLine } from './order-record.js'

/** What a shipment sent: its units, for the screen's confirmation. */
export interface Shipped {
  units: number
}

/**
 * Fulfil (README, "Orders desk"): how many units of each line go in this parcel (all that is left
 * unless changed), and the carrier and tracking number the shopper's e-mail will name. The key is
 * made once per opening, so a second press or a retry after a lost answer ships nothing twice.
 */
export function FulfilDialog({
  api,
  order,
  lines,
  control,
}: {
  api: OrdersApi
  order: string
  lines: readonly ShownLine[]
  control: DialogControl<Shipped>
}) {
  const t = useT()
  const [key] = useState(newKey)
  const open = lines.filter((line) => line.quantity > line.fulfilled)
  const [counts, setCounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((line) => [line.line, String(line.quantity - line.fulfilled)])),
  )
  const [carrier, setCarrier] = useState('')
  const [tracking, setTracking] = useState('')
  const refusal = useRefusal()

  const problem = (): string | null => {
    for (const line of open) {
      const count = Number(counts[line.line] ?? '')
      if (!Number.isInteger(count) || count < 0 || count > line.quantity - line.fulfilled)
        return t('Ship from 0 to {0} of {1}.', line.quantity - line.fulfilled, line.name)
    }
    return open.some((line) => Number(counts[line.line]) > 0)
      ? null
      : t('Choose at least one unit to ship.')
  }

  const ship = async () => {
    const wrong = problem()
    if (wrong) return refusal.show(wrong)
    const chosen = open
      .map((line) => ({ line: line.line, quantity: Number(counts[line.line]) }))
      .filter((line) => line.quantity > 0)
    try {
      await api.fulfil(order, {
        key,
        lines: chosen,
        ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
        ...(tracking.trim() ? { tracking: tracking.trim() } : {}),
      })
      control.close({ units: chosen.reduce((sum, line) => sum + line.quantity, 0) })
    } catch (failure) {
      refusal.show(failure)
    }
  }

  return (
    <Dialog
      title={t('Fulfil items')}
      onClose={() => control.close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => control.close(null) },
        { label: t('Ship'), testId: 'fulfil-ship', primary: true, run: ship },
      ]}
    >
      {/* Focusable, so a keyboard can scroll the lines sideways on a phone. */}
      <div className="sw-scroll-x" tabIndex={0} role="region" aria-label={t('Items')}>
        <table className="sw-mini-table sw-order-fulfil-lines">
          <thead>
            <tr>
              <th scope="col">{t('Item')}</th>
              <th scope="col">{t('Left to ship')}</th>
              <th scope="col">{t('Ship now')}</th>
            </tr>
          </thead>
          <tbody>
            {open.map((line) => (
              <tr key={line.line}>
                <td>{line.name}</td>
                <td>{line.quantity - line.fulfilled}</td>
                <td>
                  {/* No min or max: the browser's own bubble would stop the form before its message. */}
                  <input
                    className="sw-input sw-order-count"
                    type="number"
                    inputMode="numeric"
                    value={counts[line.line] ?? ''}
                    aria-label={t('Units of {0} to ship', line.name)}
                    onChange={(event) =>
                      setCounts((previous) => ({ ...previous, [line.line]: event.target.value }))
                    }
                    data-testid={`fulfil-line-${line.line}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="sw-order-dialog-fields">
        <label className="sw-field">
          <span className="sw-field-label">{t('Carrier')}</span>
          <input
            className="sw-input"
            value={carrier}
            maxLength={64}
            onChange={(event) => setCarrier(event.target.value)}
            data-testid="fulfil-carrier"
          />
        </label>
        <label className="sw-field">
          <span className="sw-field-label">{t('Tracking number')}</span>
          <input
            className="sw-input"
            value={tracking}
            maxLength={128}
            onChange={(event) => setTracking(event.target.value)}
            data-testid="fulfil-tracking"
          />
        </label>
      </div>
      <DialogRefusal refusal={refusal} />
    </Dialog>
  )
}
