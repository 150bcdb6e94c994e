import { useState } from 'react'
import { Dialog, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import { newKey } from './order-format.js'
import { DialogRefusal, useRefusal } from './DialogRefusal.js'
import type { OrdersApi } from './orders-api.js'

/** Re-send the confirmation (README, "Orders desk"): asks first, once per key. */
export function ResendDialog({
  api,
  order,
  email,
  control,
}: {
  api: OrdersApi
  order: string
  /** Where it goes, when known. */
  email: string
  control: DialogControl<true>
}) {
  const t = useT()
  const [key] = useState(newKey)
  const refusal = useRefusal()
  const send = async () => {
    try {
      await api.resend(order, { key })
      control.close(true)
    } catch (failure) {
      refusal.show(failure)
    }
  }
  return (
    <Dialog
      title={t('Re-send the confirmation')}
      onClose={() => control.close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => control.close(null) },
        { label: t('Send'), testId: 'resend-confirm', primary: true, run: send },
      ]}
    >
      <p>
        {email
          ? t('The order confirmation goes again to {0}.', email)
          : t('The order confirmation goes again to the address given with the order.')}
      </p>
      <DialogRefusal refusal={refusal} />
    </Dialog>
  )
}
