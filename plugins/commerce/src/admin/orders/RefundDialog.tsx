import { useId, useState } from 'react'
import { Dialog, useLanguage, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import type { OrderCurrency } from '../../shared/orders.js'
import { minorOf, money, newKey, typedOf } from './order-format.js'
import { DialogRefusal, useRefusal } from './DialogRefusal.js'
import type { OrdersApi, RefundAnswer } from './orders-api.js'

/**
 * Refund (README, "Orders desk"): an amount in the currency's major units (all that is left
 * unless changed), never more than is left, and a reason for the history and the e-mail. The desk
 * takes integer minor units: the typed decimal text is shifted by the currency's places, never
 * multiplied as a float. One key per opening.
 */
export function RefundDialog({
  api,
  order,
  currency,
  left,
  control,
}: {
  api: OrdersApi
  order: string
  currency: OrderCurrency
  /** Minor units the card can still get back. */
  left: number
  control: DialogControl<RefundAnswer['refund']>
}) {
  const t = useT()
  const { language } = useLanguage()
  const [key] = useState(newKey)
  const [amount, setAmount] = useState(() => typedOf(left, currency.places))
  const [reason, setReason] = useState('')
  const [wrong, setWrong] = useState<string | null>(null)
  const refusal = useRefusal()
  const hint = useId()
  const most = money(left, currency, language)

  const refund = async () => {
    const minor = minorOf(amount, currency.places)
    const problem =
      minor === null
        ? t(
            'Type an amount such as {0}.',
            typedOf(Math.min(left, 10 ** currency.places), currency.places),
          )
        : minor > left
          ? t('At most {0} can be refunded.', most)
          : null
    setWrong(problem)
    if (problem || minor === null) return
    try {
      const answer = await api.refund(order, {
        key,
        amount: minor,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      })
      control.close(answer.refund)
    } catch (failure) {
      refusal.show(failure)
    }
  }

  return (
    <Dialog
      title={t('Refund')}
      onClose={() => control.close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => control.close(null) },
        { label: t('Refund'), testId: 'refund-confirm', primary: true, run: refund },
      ]}
    >
      <div className="sw-order-dialog-stack">
        <label className={`sw-field${wrong ? ' sw-field-invalid' : ''}`}>
          <span className="sw-field-label">{t('Amount ({0})', currency.code)}</span>
          <input
            className="sw-input"
            inputMode="decimal"
            value={amount}
            aria-invalid={wrong ? true : undefined}
            aria-describedby={hint}
            onChange={(event) => {
              setAmount(event.target.value)
              setWrong(null)
            }}
            data-testid="refund-amount"
          />
          <span id={hint} className={wrong ? 'sw-field-error' : 'sw-muted sw-order-hint'}>
            {wrong ?? t('Up to {0}.', most)}
          </span>
        </label>
        <label className="sw-field">
          <span className="sw-field-label">{t('Reason')}</span>
          <textarea
            className="sw-input"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="refund-reason"
          />
        </label>
        <p className="sw-muted">{t('The money goes back to the card; stock does not change.')}</p>
      </div>
      <DialogRefusal refusal={refusal} />
    </Dialog>
  )
}
