import type { Translate } from '@shopwright/client'
import { useT } from '@shopwright/storefront/react'
import { useCountries, useRegions, type PlaceOption } from './countries.js'
import { FieldError } from './FieldError.js'

/** The fields of an address, as the address book and the guest checkout edit them. */
export interface AddressForm {
  addressee?: string
  addr1?: string
  addr2?: string
  city?: string
  state?: string
  country?: string
  zip?: string
  addrphone?: string
}

type Field = keyof AddressForm

/**
 * Country first: it decides the region list and the postal code's format (docs/themes.md). Each
 * field names its autofill token, so a browser fills the whole address at once.
 */
const fields = (t: Translate): Array<{ id: Field; label: string; autoComplete: string }> => [
  { id: 'country', label: t('Country'), autoComplete: 'country' },
  { id: 'addressee', label: t('Addressee'), autoComplete: 'name' },
  { id: 'addr1', label: t('Line 1'), autoComplete: 'address-line1' },
  { id: 'addr2', label: t('Line 2'), autoComplete: 'address-line2' },
  { id: 'city', label: t('City'), autoComplete: 'address-level2' },
  { id: 'state', label: t('Region'), autoComplete: 'address-level1' },
  { id: 'zip', label: t('Postal Code'), autoComplete: 'postal-code' },
  { id: 'addrphone', label: t('Phone'), autoComplete: 'tel' },
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
  autoComplete,
}: {
  options: PlaceOption[] | null
  value: string
  onChange(id: string): void
  testId: string
  autoComplete: string
}) {
  const t = useT()
  const known = options?.some((option) => option.id === value.toLowerCase())
  return (
    <select
      value={known ? value.toLowerCase() : value}
      disabled={options === null}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
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
 * The address fields: the country as a select, the region as a select when the country has a
 * list of them, the rest as text. `problem` marks the field a rule refused. Test ids are
 * `{testId}-{field}`.
 */
export function AddressFields({
  address,
  onChange,
  problem,
  testId,
}: {
  address: AddressForm
  onChange(changed: Partial<AddressForm>): void
  problem: { field: string; code: string } | null
  testId: string
}) {
  const t = useT()
  const countries = useCountries()
  const regions = useRegions(address.country ?? '')
  return (
    <>
      {fields(t).map((field) => (
        <label key={field.id} className="sw-field">
          <span>{field.label}</span>
          {field.id === 'country' ? (
            <PlaceSelect
              options={countries}
              value={address.country ?? ''}
              // A new country's regions are others: the region chosen for the last one goes.
              onChange={(country) => onChange({ country, state: '' })}
              testId={`${testId}-country`}
              autoComplete={field.autoComplete}
            />
          ) : field.id === 'state' && regions && regions.length > 0 ? (
            <PlaceSelect
              options={regions}
              value={address.state ?? ''}
              onChange={(state) => onChange({ state })}
              testId={`${testId}-state`}
              autoComplete={field.autoComplete}
            />
          ) : (
            <input
              value={String(address[field.id] ?? '')}
              onChange={(event) => onChange({ [field.id]: event.target.value })}
              autoComplete={field.autoComplete}
              type={field.id === 'addrphone' ? 'tel' : 'text'}
              data-testid={`${testId}-${field.id}`}
            />
          )}
          <FieldError code={problem?.field === field.id ? problem.code : null} />
        </label>
      ))}
    </>
  )
}
