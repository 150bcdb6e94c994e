import { useState, type FormEvent } from 'react'
import { useNavigation, useT } from '@shopwright/storefront/react'
import { useSite } from '../../components/site.js'
import type { CategoryFacets } from '../../lib/commerce.js'
import { useHydrated } from '../../lib/hydrated.js'
import { decimalText, listingQuery, parsePrice, pricePattern } from '../../lib/listing.js'
import type { ListingLinks } from './listing-links.js'

/**
 * The price range, in the visitor's currency: a GET form. With the page's code, what is typed is
 * read leniently (`9,99`, `$12`; bounds the wrong way round are swapped) and the address written
 * with writeListing; before it, the browser's own check (`pattern`) only lets writeListing's
 * spelling through, with the other filters in hidden fields.
 */
export function PriceFilter({
  links,
  price,
  onApply,
}: {
  links: ListingLinks
  price: NonNullable<CategoryFacets['price']>
  onApply: (href: string) => void
}) {
  const t = useT()
  const hydrated = useHydrated()
  const { navigate } = useNavigation()
  const { currencies } = useSite()
  const [error, setError] = useState('')
  const { choice, places } = links
  const symbol = currencies.find((each) => each.id === links.currency)?.symbol ?? ''
  const kept = listingQuery({ ...choice, min: null, max: null }, places, links.display)
  const field = (name: 'min' | 'max', bound: number | null, placeholder: number) => (
    <label className="sw-field">
      <span>{name === 'min' ? t('Min') : t('Max')}</span>
      <input
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={bound === null ? '' : decimalText(bound, places)}
        placeholder={decimalText(placeholder, places)}
        pattern={hydrated ? undefined : pricePattern(places)}
        required={!hydrated}
        title={t('Enter an amount such as 10 or 9.99.')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'sw-price-error' : undefined}
        data-testid={`price-${name}`}
      />
    </label>
  )

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget.elements
    const read = (name: string) =>
      parsePrice((form.namedItem(name) as HTMLInputElement | null)?.value ?? '', places)
    const min = read('min')
    const max = read('max')
    if (min === undefined || max === undefined) {
      setError(t('Enter an amount such as 10 or 9.99.'))
      return
    }
    setError('')
    const swap = min !== null && max !== null && min > max
    const to = links.href({ ...choice, min: swap ? max : min, max: swap ? min : max })
    onApply(to)
    navigate(to)
  }

  return (
    <form
      className="sw-filter-group sw-price-filter"
      method="get"
      action={links.path}
      onSubmit={onSubmit}
      noValidate={hydrated}
      data-testid="price-filter"
    >
      <fieldset className="sw-fieldset">
        <legend className="sw-filter-title">
          {symbol ? t('Price ({0})', symbol) : t('Price')}
        </legend>
        <div className="sw-price-fields">
          {field('min', choice.min, Math.floor(price.min / 10 ** places) * 10 ** places)}
          {field('max', choice.max, Math.ceil(price.max / 10 ** places) * 10 ** places)}
        </div>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p id="sw-price-error" className="sw-field-error" role="alert">
          {error}
        </p>
        <button
          type="submit"
          className="sw-button sw-button-block"
          data-focus-key="price"
          data-testid="price-apply"
        >
          {t('Apply')}
        </button>
      </fieldset>
    </form>
  )
}
