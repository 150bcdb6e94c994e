import { useEffect, useState, type FormEvent } from 'react'
import { nameIn, type NameTranslations, type PageProps } from '@shopwright/storefront/shared'
import { useNavigation, useTranslation } from '@shopwright/storefront/react'
import { useAlert } from '../components/Alert.js'
import { useCountries } from '../components/countries.js'
import { FieldError } from '../components/FieldError.js'
import { useLocale } from '../components/locale.js'
import { useSite } from '../components/site.js'
import { Form } from '../components/Form.js'

interface Option {
  id: string
  name: string
  translations?: NameTranslations
}

/**
 * `/locale`: Location, Currency and Language, all required; the choice is remembered in the
 * browser, applies at once (the chosen language without a reload) and the page goes back home.
 * Names show in the current language, sorted in it.
 */
export function Locale(_props: PageProps) {
  const site = useSite()
  const { navigate } = useNavigation()
  const { language, t, preload } = useTranslation()
  const alert = useAlert()
  const { locale, choose } = useLocale()
  const countries = useCountries()
  const [choice, setChoice] = useState(locale)
  const [tried, setTried] = useState(false)
  useEffect(() => setChoice(locale), [locale])

  const missing = (value: string) => (tried && !value ? 'ERROR_SELECT_VALUE_REQUIRED' : null)
  const save = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!choice.country || !choice.currency || !choice.language) return
    try {
      await choose(choice)
    } catch (failure) {
      await alert(t('Unable to Save'), failure)
      return
    }
    navigate('/')
  }
  const select = (
    name: keyof typeof choice,
    label: string,
    options: Option[] | null,
    { onPick }: { onPick?: (id: string) => void } = {},
  ) => (
    <label className="sw-field">
      <span>{label}</span>
      <select
        value={choice[name]}
        disabled={options === null}
        onChange={(event) => {
          setChoice({ ...choice, [name]: event.target.value })
          onPick?.(event.target.value)
        }}
        data-testid={`locale-${name}`}
      >
        <option value="">{options === null ? t('Loading...') : t('Select...')}</option>
        {options
          ?.map((option) => ({ id: option.id, name: nameIn(language, option) }))
          .map((option) => (
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
      <h1>{t('Locale')}</h1>
      <Form onSubmit={(event) => void save(event)}>
        {/* Countries in the current language's names and order; the site's own lists as configured. */}
        {select('country', t('Location'), countries)}
        {select(
          'currency',
          t('Currency'),
          site.currencies.map((currency) => ({
            id: currency.id,
            name: `${nameIn(language, currency)} (${currency.symbol})`,
          })),
        )}
        {/* Picking a language starts loading its texts: Save then switches at once. */}
        {select('language', t('Language'), site.languageNames, { onPick: preload })}
        <button type="submit" className="sw-button sw-button-primary" data-testid="locale-save">
          {t('Save')}
        </button>
      </Form>
    </section>
  )
}
