import { Button, useDialogs, useLanguage, useT } from '@shopwright/admin-ui/kit'
import type { OrderCurrency } from '../../shared/orders.js'
import { CancelDialog } from './CancelDialog.js'
import { FulfilDialog, type Shipped } from './FulfilDialog.js'
import { money } from './order-format.js'
import { possibleActions, textOf, type ShownLine } from './order-record.js'
import type { OrdersApi, OrderView, RefundAnswer } from './orders-api.js'
import { RefundDialog } from './RefundDialog.js'
import { ResendDialog } from './ResendDialog.js'

/**
 * The order's actions, each a button that opens its dialog; only those the order allows now, and
 * none for staff without edit on `orders` (the calls would refuse them). `done` gets the
 * confirmation to show once the call went through; the screen then reads the order again.
 */
export function OrderActions({
  api,
  view,
  lines,
  currency,
  email,
  done,
}: {
  api: OrdersApi
  view: OrderView
  lines: readonly ShownLine[]
  currency: OrderCurrency
  email: string
  done(message: string): void
}) {
  const t = useT()
  const { language } = useLanguage()
  const dialogs = useDialogs()
  const id = view.order.id
  const tranid = textOf(view.order.tranid) || id
  const can = possibleActions(view)

  const fulfil = async () => {
    const shipped = await dialogs.open<Shipped>(
      (control) => <FulfilDialog api={api} order={id} lines={lines} control={control} />,
      'md',
    )
    if (shipped)
      done(t('{0, plural, one {Shipped # unit.} other {Shipped # units.}}', shipped.units))
  }
  const cancel = async () => {
    const refund = view.payment ? view.payment.captured - view.payment.refunded : 0
    const cancelled = await dialogs.open<true>((control) => (
      <CancelDialog
        api={api}
        order={id}
        tranid={tranid}
        refund={refund > 0 ? money(refund, currency, language) : ''}
        control={control}
      />
    ))
    if (cancelled) done(t('Order {0} is cancelled; its units are back in stock.', tranid))
  }
  const refund = async () => {
    const refunded = await dialogs.open<RefundAnswer['refund']>((control) => (
      <RefundDialog
        api={api}
        order={id}
        currency={currency}
        left={can.refundable}
        control={control}
      />
    ))
    if (!refunded) return
    const amount = money(refunded.amount, currency, language)
    if (refunded.state === 'done') done(t('Refunded {0}.', amount))
    else if (refunded.state === 'pending')
      done(t('Refund of {0} asked; the payment provider has not answered yet.', amount))
    else done(t('The payment provider refused the refund of {0}.', amount))
  }
  const resend = async () => {
    const sent = await dialogs.open<true>((control) => (
      <ResendDialog api={api} order={id} email={email} control={control} />
    ))
    if (sent) done(t('The confirmation was sent again.'))
  }

  if (!can.fulfil && !can.cancel && !can.refund && !can.resend) return null
  return (
    <div className="sw-toolbar sw-order-actions" data-testid="order-actions">
      {can.fulfil ? (
        <Button
          icon="package"
          variant="primary"
          onClick={() => void fulfil()}
          data-testid="action-fulfil"
        >
          {t('Fulfil items')}
        </Button>
      ) : null}
      {can.refund ? (
        <Button icon="cash-refund" onClick={() => void refund()} data-testid="action-refund">
          {t('Refund')}
        </Button>
      ) : null}
      {can.resend ? (
        <Button icon="email" onClick={() => void resend()} data-testid="action-resend">
          {t('Re-send the confirmation')}
        </Button>
      ) : null}
      {can.cancel ? (
        <Button
          icon="close"
          variant="danger"
          onClick={() => void cancel()}
          data-testid="action-cancel"
        >
          {t('Cancel the order')}
        </Button>
      ) : null}
    </div>
  )
}
