import { useT } from '@shopwright/storefront/react'
import { FieldError } from './FieldError.js'

/** The payment methods a card can be (a list until a payment plugin brings its own). */
const PAYMENT_METHODS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const

/** A card as its form holds it (spec 000 section 5): Number, Expiry Date, Payment Method, Name. */
export interface CardForm {
  ccnumber: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
}

/** A form's problem: the field it is about and its code (a profile rule's answer). */
export type FieldProblem = { field: string; code: string } | null

/**
 * A card's fields, each with its error under it: Number, Name, Expiry Date and Payment Method
 * (Number, Expiry Date and Payment Method are required, Name optional: spec 000 section 5). The
 * account's card editor and the checkout's new card both use them; `testId` starts each field's
 * test id (`card-ccnumber`, `checkout-ccnumber`).
 */
export function CardFields({
  card,
  onChange,
  problem,
  testId,
  numberLabel,
}: {
  card: CardForm
  onChange(field: keyof CardForm, value: string): void
  problem: FieldProblem
  testId: string
  /** The Number field's label when it is not plain 'Number' (a saved card's last four). */
  numberLabel?: string
}) {
  const t = useT()
  const error = (field: keyof CardForm) => (
    <FieldError code={problem?.field === field ? problem.code : null} />
  )
  const input = (
    field: 'ccnumber' | 'ccname' | 'ccexpiredate',
    label: string,
    extra: Record<string, string>,
  ) => (
    <label className="sw-field">
      <span>{label}</span>
      <input
        value={card[field]}
        onChange={(event) => onChange(field, event.target.value)}
        data-testid={`${testId}-${field}`}
        {...extra}
      />
      {error(field)}
    </label>
  )
  return (
    <>
      {input('ccnumber', numberLabel ?? t('Number'), {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
      })}
      {input('ccname', t('Name'), { autoComplete: 'cc-name' })}
      {input('ccexpiredate', t('Expiry Date (MM/YYYY)'), {
        autoComplete: 'cc-exp',
        placeholder: t('MM/YYYY'),
      })}
      <label className="sw-field">
        <span>{t('Payment Method')}</span>
        <select
          value={card.paymentmethod}
          onChange={(event) => onChange('paymentmethod', event.target.value)}
          data-testid={`${testId}-paymentmethod`}
        >
          <option value="">{t('Select...')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        {error('paymentmethod')}
      </label>
    </>
  )
}
