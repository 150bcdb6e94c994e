import { useEffect, useState, type FormEvent } from 'react'
import type { RecordCollection, RecordData } from '@shopwright/core/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, useSession } from '@shopwright/storefront/react'
import { FieldError } from '../components/FieldError.js'
import { useLocale } from '../components/locale.js'
import { useSite } from '../components/site.js'

interface Option {
  id: string
  name: string
}

/**
 * `/locale` (spec 000 section 2): Location, Currency and Language, all required; the choice is
 * remembered in the browser and the page goes back home.
 */
export function Locale(_props: PageProps) {
  const site = useSite()
  const { client } = useSession()
  const { navigate } = useNavigation()
  const { locale, choose } = useLocale()
  const [countries, setCountries] = useState<Option[] | null>(null)
  const [choice, setChoice] = useState(locale)
  const [tried, setTried] = useState(false)
  useEffect(() => setChoice(locale), [locale])
  useEffect(() => {
    client
      .get<RecordCollection<RecordData>>(
        '/data/list/country',
        { pagesize: 1000, fields: 'name' },
        { cache: 'medium' },
      )
      .then(
        (answer) =>
          setCountries(
            answer.list.map((record) => ({
              id: record.id,
              name: String(record.name ?? record.id),
            })),
          ),
        () => setCountries([]),
      )
  }, [client])

  const missing = (value: string) => (tried && !value ? 'ERROR_SELECT_VALUE_REQUIRED' : null)
  const save = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!choice.country || !choice.currency || !choice.language) return
    choose(choice)
    navigate('/')
  }
  const select = (name: keyof typeof choice, label: string, options: Option[] | null) => (
    <label className="sw-field">
      <span>{label}</span>
      <select
        value={choice[name]}
        disabled={options === null}
        onChange={(event) => setChoice({ ...choice, [name]: event.target.value })}
        data-testid={`locale-${name}`}
      >
        <option value="">{options === null ? 'Loading...' : 'Select...'}</option>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldError code={missing(choice[name])} />
    </label>
  )
  return (
    <section className="sw-form-page">
      <h1>Locale</h1>
      <form onSubmit={save} noValidate className="sw-form">
        {select('country', 'Location', countries)}
        {select(
          'currency',
          'Currency',
          site.currencies.map((currency) => ({
            id: currency.id,
            name: `${currency.name} (${currency.symbol})`,
          })),
        )}
        {select('language', 'Language', site.languageNames)}
        <button type="submit" className="sw-button sw-button-primary" data-testid="locale-save">
          Save
        </button>
      </form>
    </section>
  )
}
