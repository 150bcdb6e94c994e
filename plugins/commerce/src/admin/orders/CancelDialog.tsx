import { useState } from 'react'
import { Dialog, Icon, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import { newKey } from './order-format.js'
import { DialogRefusal, useRefusal } from './DialogRefusal.js'
import type { OrdersApi } from './orders-api.js'

/**
 * Cancel (README, "Orders desk"): says plainly what it does before it does it (the units go back
 * in stock, the card gets back what it paid, the shopper gets an e-mail), with a reason for the
 * history and the e-mail. One key per opening.
 */
export function CancelDialog({
  api,
  order,
  tranid,
  refund,
  control,
}: {
  api: OrdersApi
  order: string
  tranid: string
  /** What goes back to the card, written in its currency; empty when no card paid. */
  refund: string
  control: DialogControl<true>
}) {
  const t = useT()
  const [key] = useState(newKey)
  const [reason, setReason] = useState('')
  const refusal = useRefusal()
  const cancel = async () => {
    try {
      await api.cancel(order, { key, ...(reason.trim() ? { reason: reason.trim() } : {}) })
      control.close(true)
    } catch (failure) {
      refusal.show(failure)
    }
  }
  return (
    <Dialog
      title={t('Cancel order {0}', tranid)}
      onClose={() => control.close(null)}
      actions={[
        { label: t('Keep the order'), testId: 'dialog-cancel', run: () => control.close(null) },
        { label: t('Cancel the order'), testId: 'cancel-confirm', primary: true, run: cancel },
      ]}
    >
      <div className="sw-order-warning" data-testid="cancel-warning">
        <Icon name="alert" size={20} />
        <div>
          <p>{t('This cannot be undone.')}</p>
          <ul>
            <li>{t('Every unit of the order goes back in stock.')}</li>
            {refund ? (
              <li>{t('{0} goes back to the card that paid.', refund)}</li>
            ) : (
              <li>{t('Its open invoice is voided.')}</li>
            )}
            <li>{t('The customer gets an e-mail saying the order is cancelled.')}</li>
          </ul>
        </div>
      </div>
      <label className="sw-field">
        <span className="sw-field-label">{t('Reason')}</span>
        <textarea
          className="sw-input"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="cancel-reason"
        />
      </label>
      <DialogRefusal refusal={refusal} />
    </Dialog>
  )
}
