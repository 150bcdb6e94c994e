import { useState, type FormEvent } from 'react'
import { cardErrors } from '@shopwright/plugin-account/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { CardFields, type FieldProblem } from '../../components/CardFields.js'
import { fullExpiry, typeExpiry } from '../../components/card-input.js'
import { Checkbox } from '../../components/Checkbox.js'
import { useProfile } from './profile.js'
import { useProfileLine } from './profile-lines.js'
import { AccountProblem } from './AccountProblem.js'
import { LineEditor } from './LineEditor.js'

/**
 * `/account/creditcard/:id` (`new` for a new one): Number, Expiry Date and Payment Method are
 * required (`cardErrors`, the account plugin's rules, which its server checks again); the number
 * is checked by the Luhn rule and never comes back from the server whole, so a saved card may
 * leave it empty. After saving it goes to the card list.
 */
export function CreditCard({ params }: PageProps) {
  const { state } = useProfile()
  const t = useT()
  const id = params.id ?? 'new'
  const line = useProfileLine('creditcards', id, '/account/creditcards')
  const existing =
    state.status === 'loaded'
      ? state.profile.creditcards.find((card) => card.internalid === id)
      : undefined
  const [form, setForm] = useState({
    ccnumber: '',
    ccname: existing?.ccname ?? '',
    ccexpiredate: typeExpiry(existing?.ccexpiredate ?? ''),
    paymentmethod: existing?.paymentmethod ?? '',
    ccdefault: existing?.ccdefault ?? false,
  })
  const [problem, setProblem] = useState<FieldProblem>(null)
  if (state.status !== 'loaded') return null
  if (id !== 'new' && !existing)
    return <AccountProblem title={t('ERROR_CREDITCARD_NOT_AVAILABLE')} />

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const sent = { ...form, ccexpiredate: fullExpiry(form.ccexpiredate) }
    const broken = cardErrors(sent, new Date(), { numberOnFile: existing !== undefined })
    setProblem(broken)
    // A saved card's number (and so its brand) stays on file unless a new one is typed.
    const { ccnumber, paymentmethod: _brand, ...rest } = sent
    await line.save(ccnumber ? sent : rest, broken)
  }
  const remove = () => line.remove(t('Are you sure you want to delete this credit card?'))
  return (
    <LineEditor
      title={id === 'new' ? t('New Credit Card') : t('Edit Credit Card')}
      isNew={id === 'new'}
      onSave={(event) => void save(event)}
      onDelete={() => void remove()}
      testId="card"
    >
      <CardFields
        card={form}
        onChange={(next) => setForm({ ...form, ...next })}
        problem={problem}
        testId="card"
        numberLabel={
          existing ? t('Number (•••• {0}; leave empty to keep it)', existing.last4) : undefined
        }
      />
      <Checkbox checked={form.ccdefault} onChecked={(ccdefault) => setForm({ ...form, ccdefault })}>
        {t('Default card')}
      </Checkbox>
    </LineEditor>
  )
}
