import { useT } from '@shopwright/storefront/react'
import { FieldError } from './FieldError.js'
import { caretAfterDigits, groupNumber, methodOf, typeExpiry } from './card-input.js'

/**
 * A card as its form holds it: Number, Expiry Date, Payment Method, Name. The payment method is not
 * picked: it is the brand the number's first digits name (card-input.ts). The expiry is typed
 * MM/YY; `fullExpiry` turns it into the MM/YYYY the server keeps.
 */
export interface CardForm {
  ccnumber: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
  /** The security code, asked at checkout only (the payment provider checks it; never kept). */
  cvc?: string
}

/** The security code's length for a brand: 4 on an American Express card, 3 on others. */
export function cvcLength(paymentmethod: string): number {
  return /^(amex|american express)$/i.test(paymentmethod.trim()) ? 4 : 3
}

/** The security code's problem, or null: digits, as many as the brand has. */
export function cvcProblem(card: CardForm): FieldProblem {
  const cvc = (card.cvc ?? '').trim()
  if (!cvc) return { field: 'cvc', code: 'ERROR_INPUT_VALUE_REQUIRED' }
  return new RegExp(`^\\d{${cvcLength(card.paymentmethod)}}$`).test(cvc)
    ? null
    : { field: 'cvc', code: 'ERROR_CARD_CVC_INVALID' }
}

/** A form's problem: the field it is about and its code (a profile rule's answer). */
export type FieldProblem = { field: string; code: string } | null

/**
 * A card's fields, each with its error under it: Number (with the brand it names beside it), Name
 * on the card and Expiry (MM/YY). Number and Expiry are required, Name optional. The account's
 * card editor and the checkout's new card both use them; `testId` starts each field's test id
 * (`card-ccnumber`, `checkout-ccnumber`).
 */
export function CardFields({
  card,
  onChange,
  problem,
  testId,
  numberLabel,
  withCvc = false,
}: {
  card: CardForm
  onChange(card: CardForm): void
  problem: FieldProblem
  testId: string
  /** The Number field's label when it is not plain 'Card number' (a saved card's last four). */
  numberLabel?: string
  /** Asks the security code (a card paid with now, not one saved for later). */
  withCvc?: boolean
}) {
  const t = useT()
  const error = (field: keyof CardForm | 'cvc') => (
    <FieldError code={problem?.field === field ? problem.code : null} />
  )
  const digits = card.ccnumber.replace(/\D/g, '')
  // A number long enough to name its brand that names none the shop takes.
  const unknownBrand = digits.length >= 6 && !card.paymentmethod
  const name = (
    <label className="sw-field">
      <span>{t('Name on card')}</span>
      <input
        value={card.ccname}
        autoComplete="cc-name"
        onChange={(event) => onChange({ ...card, ccname: event.target.value })}
        data-testid={`${testId}-ccname`}
      />
      {error('ccname')}
    </label>
  )
  return (
    <>
      <label className="sw-field">
        <span className="sw-card-number-label">
          {numberLabel ?? t('Card number')}
          {card.paymentmethod ? (
            <strong className="sw-card-brand" data-testid={`${testId}-brand`}>
              {card.paymentmethod}
            </strong>
          ) : null}
        </span>
        <input
          value={card.ccnumber}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          onChange={(event) => {
            const input = event.target
            const before = input.value.slice(0, input.selectionStart ?? input.value.length)
            const ccnumber = groupNumber(input.value)
            onChange({ ...card, ccnumber, paymentmethod: methodOf(ccnumber) })
            // Regrouping rewrites the text: the caret stays after the digits it followed, so a
            // digit typed or deleted mid-number does not send it to the end.
            const caret = caretAfterDigits(ccnumber, before.replace(/\D/g, '').length)
            requestAnimationFrame(() => input.setSelectionRange(caret, caret))
          }}
          data-testid={`${testId}-ccnumber`}
        />
        {problem?.field === 'paymentmethod' || (unknownBrand && !problem) ? (
          <span className="sw-field-error" role="alert">
            {t('We take Visa, Mastercard, American Express and Discover cards.')}
          </span>
        ) : (
          error('ccnumber')
        )}
      </label>
      <div className="sw-field-row">
        <label className="sw-field">
          <span>{t('Expiry (MM/YY)')}</span>
          <input
            value={card.ccexpiredate}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('MM/YY')}
            maxLength={7}
            onChange={(event) =>
              onChange({ ...card, ccexpiredate: typeExpiry(event.target.value) })
            }
            data-testid={`${testId}-ccexpiredate`}
          />
          {error('ccexpiredate')}
        </label>
        {withCvc ? (
          <label className="sw-field sw-field-cvc">
            <span>{t('Security code')}</span>
            <input
              value={card.cvc ?? ''}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder={cvcLength(card.paymentmethod) === 4 ? '1234' : '123'}
              onChange={(event) =>
                onChange({ ...card, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })
              }
              data-testid={`${testId}-cvc`}
            />
            {error('cvc')}
          </label>
        ) : (
          name
        )}
      </div>
      {withCvc ? name : null}
    </>
  )
}
