import { useState, type FormEvent } from 'react'
import { addressErrors } from '@shopwright/plugin-account/shared'
import { useT } from '@shopwright/storefront/react'
import { AddressFields } from '../../components/AddressFields.js'
import { Checkbox } from '../../components/Checkbox.js'
import { useProfile } from './profile.js'
import { useProfileLine, type AfterSave } from './profile-lines.js'
import type { AddressLine } from './profile-types.js'
import { AccountProblem } from './AccountProblem.js'
import { LineEditor } from './LineEditor.js'

type AddressForm = Omit<AddressLine, 'id'>

/** A new address's form: every field empty, no default. */
const EMPTY: AddressForm = {
  addressee: '',
  addr1: '',
  addr2: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  addrphone: '',
  defaultbilling: false,
  defaultshipping: false,
  isresidential: false,
}

/**
 * The form's fields of a saved line, by the names it is sent back with: the profile also answers
 * the specification's names (address1, postalCode...), which would disagree with an edited field.
 */
function formOf(line: Partial<AddressForm>): AddressForm {
  const form: Record<string, unknown> = { ...EMPTY }
  // A line saved before a field existed lacks it: the form shows it empty.
  for (const key of Object.keys(EMPTY) as Array<keyof AddressForm>)
    form[key] = line[key] ?? EMPTY[key]
  return form as AddressForm
}

/**
 * An address of the book (`new` for a new one), saved or deleted through the profile, then back
 * to `back`: the account's address book, or the checkout's choice of shipping address. Told that
 * it is `alreadyDefaults`, it does not offer the default shipping and billing choices: both are
 * sent as hidden values, set, so saving keeps the address the account's defaults.
 */
export function AddressEditor({
  id,
  back,
  saved,
  alreadyDefaults = false,
}: {
  id: string
  back: string
  saved?: AfterSave
  alreadyDefaults?: boolean
}) {
  const { state } = useProfile()
  const t = useT()
  const line = useProfileLine('addressbook', id, back, saved)
  const existing =
    state.status === 'loaded' ? state.profile.addressbook.find((line) => line.id === id) : undefined
  const [form, setForm] = useState<AddressForm>(existing ? formOf(existing) : EMPTY)
  const [problem, setProblem] = useState<{ field: string; code: string } | null>(null)
  if (state.status !== 'loaded') return null
  if (id !== 'new' && !existing) return <AccountProblem title={t('ERROR_ADDRESS_NOT_AVAILABLE')} />

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const broken = addressErrors(form)
    setProblem(broken)
    const sent = alreadyDefaults ? { ...form, defaultshipping: true, defaultbilling: true } : form
    await line.save(sent, broken)
  }
  const remove = () => line.remove(t('Are you sure you want to delete this address?'))
  return (
    <LineEditor
      title={id === 'new' ? t('New Address') : t('Edit Address')}
      isNew={id === 'new'}
      onSave={(event) => void save(event)}
      onDelete={() => void remove()}
      testId="address"
    >
      <AddressFields
        address={form}
        onChange={(next) => setForm({ ...form, ...next })}
        problem={problem}
        testId="address"
      />
      <Checkbox
        checked={form.isresidential}
        onChecked={(isresidential) => setForm({ ...form, isresidential })}
        testId="address-isresidential"
      >
        {t('Residential address')}
      </Checkbox>
      {alreadyDefaults ? (
        <>
          <input type="hidden" name="defaultshipping" value="true" />
          <input type="hidden" name="defaultbilling" value="true" />
        </>
      ) : (
        <>
          <Checkbox
            checked={form.defaultshipping}
            onChecked={(defaultshipping) => setForm({ ...form, defaultshipping })}
          >
            {t('Default shipping address')}
          </Checkbox>
          <Checkbox
            checked={form.defaultbilling}
            onChecked={(defaultbilling) => setForm({ ...form, defaultbilling })}
          >
            {t('Default billing address')}
          </Checkbox>
        </>
      )}
    </LineEditor>
  )
}
