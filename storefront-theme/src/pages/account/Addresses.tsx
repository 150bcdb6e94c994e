import { useState, type FormEvent } from 'react'
import type { Translate } from '@shopwright/core/shared'
import { addressErrors } from '@shopwright/plugin-account/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { AddressLines } from '../../components/AddressLines.js'
import { useCountries, useRegions, type PlaceOption } from '../../components/countries.js'
import { FieldError } from '../../components/FieldError.js'
import { FormActions } from '../../components/FormActions.js'
import { useProfile } from './profile.js'
import { ProfileCards, useProfileLine } from './profile-lines.js'
import type { AddressLine } from './profile-types.js'
import { Form } from '../../components/Form.js'

/** `/account/addressbook`: the address cards, paged by the `page` parameter, and New. */
export function AddressBook({ props }: PageProps) {
  const { state } = useProfile()
  const t = useT()
  if (state.status !== 'loaded') return null
  return (
    <ProfileCards
      title={t('Address Book')}
      newHref="/account/address/new"
      newLabel={t('New Address')}
      empty={t('You have no saved addresses.')}
      page={props.page}
      items={state.profile.addressbook}
      keyOf={(line) => line.id}
      hrefOf={(line) => `/account/address/${encodeURIComponent(line.id)}`}
      testId="address"
    >
      {(line) => (
        <>
          <AddressLines address={line} />
          {line.defaultshipping ? <em>{t('Default shipping')}</em> : null}
          {line.defaultbilling ? <em>{t('Default billing')}</em> : null}
        </>
      )}
    </ProfileCards>
  )
}

const EMPTY: Omit<AddressLine, 'id'> = {
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

/** Country first: it decides the region list and the postal code's format (docs/themes.md). */
const fields = (t: Translate): Array<{ id: keyof typeof EMPTY; label: string }> => [
  { id: 'country', label: t('Country') },
  { id: 'addressee', label: t('Addressee') },
  { id: 'addr1', label: t('Line 1') },
  { id: 'addr2', label: t('Line 2') },
  { id: 'city', label: t('City') },
  { id: 'state', label: t('Region') },
  { id: 'zip', label: t('Postal Code') },
  { id: 'addrphone', label: t('Phone') },
]

/**
 * A select of countries or regions (ids stored, names shown). A stored value that is not among
 * them (an address saved before the list had it) still shows, by its id, so nothing changes unseen.
 */
function PlaceSelect({
  options,
  value,
  onChange,
  testId,
}: {
  options: PlaceOption[] | null
  value: string
  onChange(id: string): void
  testId: string
}) {
  const t = useT()
  const known = options?.some((option) => option.id === value.toLowerCase())
  return (
    <select
      value={known ? value.toLowerCase() : value}
      disabled={options === null}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    >
      <option value="">{options === null ? t('Loading...') : t('Select...')}</option>
      {value && options && !known ? <option value={value}>{value}</option> : null}
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  )
}

/**
 * `/account/address/:id` (`new` for a new one): Line 1, City, Postal Code and Country are required
 * (spec 000 section 5); an invalid form shows its errors and 'Unable to Continue'.
 */
export function Address({ params }: PageProps) {
  return <AddressEditor id={params.id ?? 'new'} back="/account/addressbook" />
}

/**
 * An address of the book (`new` for a new one), saved or deleted through the profile, then back
 * to `back`: the account's address book, or the checkout's choice of shipping address.
 */
export function AddressEditor({ id, back }: { id: string; back: string }) {
  const { state } = useProfile()
  const t = useT()
  const line = useProfileLine('addressbook', id, back)
  const existing =
    state.status === 'loaded' ? state.profile.addressbook.find((line) => line.id === id) : undefined
  const [form, setForm] = useState<Omit<AddressLine, 'id'>>(existing ?? EMPTY)
  const [problem, setProblem] = useState<{ field: string; code: string } | null>(null)
  const countries = useCountries()
  const regions = useRegions(form.country ?? '')
  if (state.status !== 'loaded') return null
  if (id !== 'new' && !existing)
    return (
      <section role="alert">
        <h1>{t('ERROR_ADDRESS_NOT_AVAILABLE')}</h1>
      </section>
    )

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const broken = addressErrors(form)
    setProblem(broken)
    await line.save(form, broken)
  }
  const remove = () => line.remove(t('Are you sure you want to delete this address?'))
  return (
    <section className="sw-form-page">
      <h1>{id === 'new' ? t('New Address') : t('Edit Address')}</h1>
      <Form onSubmit={save} data-testid="address-form">
        {fields(t).map((field) => (
          <label key={field.id} className="sw-field">
            <span>{field.label}</span>
            {field.id === 'country' ? (
              <PlaceSelect
                options={countries}
                value={form.country ?? ''}
                // A new country's regions are others: the region chosen for the last one goes.
                onChange={(country) => setForm({ ...form, country, state: '' })}
                testId="address-country"
              />
            ) : field.id === 'state' && regions && regions.length > 0 ? (
              <PlaceSelect
                options={regions}
                value={form.state ?? ''}
                onChange={(state) => setForm({ ...form, state })}
                testId="address-state"
              />
            ) : (
              <input
                value={String(form[field.id] ?? '')}
                onChange={(event) => setForm({ ...form, [field.id]: event.target.value })}
                data-testid={`address-${field.id}`}
              />
            )}
            <FieldError code={problem?.field === field.id ? problem.code : null} />
          </label>
        ))}
        <label className="sw-check">
          <input
            type="checkbox"
            checked={form.defaultshipping}
            onChange={(event) => setForm({ ...form, defaultshipping: event.target.checked })}
          />
          {t('Default shipping address')}
        </label>
        <label className="sw-check">
          <input
            type="checkbox"
            checked={form.defaultbilling}
            onChange={(event) => setForm({ ...form, defaultbilling: event.target.checked })}
          />
          {t('Default billing address')}
        </label>
        <FormActions isNew={id === 'new'} onDelete={() => void remove()} testId="address" />
      </Form>
    </section>
  )
}
