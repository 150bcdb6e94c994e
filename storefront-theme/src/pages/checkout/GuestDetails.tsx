import { useState, type FormEvent } from 'react'
import { addressErrors } from '@shopwright/plugin-account/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { AddressFields, type AddressForm } from '../../components/AddressFields.js'
import { useAlert } from '../../components/Alert.js'
import { Form } from '../../components/Form.js'
import { SubmitButton } from '../../components/SubmitButton.js'
import { TextField } from '../../components/TextField.js'
import { useBusyTask } from '../../lib/busy-task.js'
import type { CheckoutAnswer } from '../../lib/commerce.js'
import { useLocaleIfAny } from '../../components/locale.js'

/** A broken rule of the form: the field and its error code, as the server would answer. */
type Problem = { field: string; code: string } | null

/** The guest form's first broken rule, checked before anything is sent. */
export function guestProblem(email: string, address: AddressForm): Problem {
  const trimmed = email.trim()
  if (!trimmed) return { field: 'email', code: 'ERROR_INPUT_VALUE_REQUIRED' }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(trimmed))
    return { field: 'email', code: 'ERROR_INVALID_EMAIL' }
  if (!address.addressee?.trim()) return { field: 'addressee', code: 'ERROR_INPUT_VALUE_REQUIRED' }
  return addressErrors(address)
}

/**
 * Checkout's first step for a visitor without an account (README, "Guest checkout"):
 * the e-mail the order and its link go to, and the shipping address, country first (the page
 * offers signing in or an account above it, never forcing either). The details are kept on the visitor's
 * cart (`POST /query/checkout/guest`), which answers the review priced for that address.
 */
export function GuestDetails({
  review,
  onReview,
}: {
  review: CheckoutAnswer
  onReview(review: CheckoutAnswer): void
}) {
  const t = useT()
  const alert = useAlert()
  const { client } = useSession()
  // The visitor's country (their choice, or the browser's guess) starts the address.
  const country = useLocaleIfAny()?.country ?? ''
  const [email, setEmail] = useState(review.guest?.email ?? '')
  const [address, setAddress] = useState<AddressForm>(() => review.guest?.address ?? { country })
  const [problem, setProblem] = useState<Problem>(null)
  const { busy, run } = useBusyTask()

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const broken = guestProblem(email, address)
    setProblem(broken)
    if (broken) {
      await alert(t('Unable to Continue'), t(broken.code))
      return
    }
    await run(t('Unable to Continue'), async () => {
      const { id: _id, ...fields } = { id: '', ...address }
      const answer = await client.post<CheckoutAnswer>('/checkout/guest', {
        email: email.trim(),
        address: Object.fromEntries(
          Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== ''),
        ),
      })
      onReview(answer)
    })
  }

  return (
    <Form onSubmit={(event) => void save(event)} data-testid="guest-form">
      <TextField
        label={t('Email')}
        error={problem?.field === 'email' ? problem.code : null}
        type="email"
        value={email}
        autoComplete="email"
        inputMode="email"
        onValue={setEmail}
        data-testid="guest-email"
      />
      <p className="sw-muted">{t('Your order confirmation and its link go to this address.')}</p>
      <AddressFields
        address={address}
        onChange={(changed) => setAddress({ ...address, ...changed })}
        problem={problem}
        testId="guest"
      />
      <SubmitButton disabled={busy} testId="guest-continue">
        {busy ? t('Saving...') : t('Continue to shipping and payment')}
      </SubmitButton>
    </Form>
  )
}
