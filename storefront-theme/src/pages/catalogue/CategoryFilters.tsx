import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { mdiClose, mdiTune } from '@mdi/js'
import { useNavigation, useT } from '@shopwright/storefront/react'
import { Icon } from '../../components/Icon.js'
import { useSite } from '../../components/site.js'
import type { CategoryFacets } from '../../lib/commerce.js'
import { Hydrated, useHydrated } from '../../lib/hydrated.js'
import {
  decimalText,
  filterCount,
  listingQuery,
  parsePrice,
  pricePattern,
  toggleOption,
  withoutFilters,
} from '../../lib/listing.js'
import { useMoney } from '../../lib/money.js'
import { carriedTo, type ListingLinks } from './listing-links.js'

/** The filters' panel: a column beside the items on wide screens, a drawer below 1024 px. */
export const FILTERS_ID = 'sw-filters'
/** The items' column, where the drawer's "Show results" leads. */
export const RESULTS_ID = 'sw-results'

/** The phone's filter drawer: open, and the parts its focus moves between. */
export interface FilterDrawer {
  open: boolean
  show(): void
  close(): void
  button: RefObject<HTMLButtonElement | null>
  panel: RefObject<HTMLDivElement | null>
}

/**
 * The drawer's state. It opens with its button (the focus moves into it), and closes with its
 * close button, Escape, the backdrop or "Show results" (the focus goes back to the button). A
 * filter chosen in it keeps it open on the next page (listing-links.ts, `carry`). Before the
 * page's code runs, the button is a link to `#sw-filters`, which the style sheet opens.
 */
export function useFilterDrawer(href: string): FilterDrawer {
  const [open, setOpen] = useState(() => carriedTo(href)?.drawer === true)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  // Opened by its link before the code ran: the drawer stays open under the code's control.
  useEffect(() => {
    if (window.location.hash === `#${FILTERS_ID}`) setOpen(true)
  }, [])

  useEffect(() => {
    if (!open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    document.documentElement.classList.add('sw-filters-open')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.documentElement.classList.remove('sw-filters-open')
    }
  }, [open])

  return {
    open,
    show: () => {
      setOpen(true)
      // After the render that shows it: a hidden element takes no focus.
      requestAnimationFrame(() =>
        panel.current?.querySelector<HTMLElement>('.sw-filters-close')?.focus(),
      )
    },
    close: () => {
      setOpen(false)
      button.current?.focus()
    },
    button,
    panel,
  }
}

/** The toolbar's "Filters" button (below 1024 px), with how many filters apply. */
export function FiltersButton({ drawer, count }: { drawer: FilterDrawer; count: number }) {
  const t = useT()
  const hydrated = useHydrated()
  const content = (
    <>
      <Icon path={mdiTune} size={20} />
      <span>{t('Filters')}</span>
      {count > 0 ? <span className="sw-filters-count">{count}</span> : null}
    </>
  )
  if (!hydrated)
    return (
      <a className="sw-button sw-filters-button" href={`#${FILTERS_ID}`}>
        {content}
      </a>
    )
  return (
    <button
      ref={drawer.button}
      type="button"
      className="sw-button sw-filters-button"
      aria-expanded={drawer.open}
      aria-controls={FILTERS_ID}
      onClick={drawer.open ? drawer.close : drawer.show}
      data-testid="filters-button"
    >
      {content}
    </button>
  )
}

/** Space toggles a checkbox; these are links (they work without the page's code), which Enter follows. */
function spaceClicks(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== ' ') return
  event.preventDefault()
  event.currentTarget.click()
}

/**
 * A filter that is on or off: a link to the page with it toggled, announced as a checkbox. One
 * that would find nothing (and is off) is shown disabled.
 */
function FilterLink({
  on,
  href,
  disabled = false,
  focusKey,
  className,
  testId,
  children,
}: {
  on: boolean
  href: string
  disabled?: boolean
  focusKey: string
  className: string
  testId: string
  children: ReactNode
}) {
  if (disabled && !on)
    return (
      <span
        className={className}
        role="checkbox"
        aria-checked="false"
        aria-disabled="true"
        data-testid={testId}
      >
        {children}
      </span>
    )
  return (
    <a
      className={className}
      role="checkbox"
      aria-checked={on}
      href={href}
      rel="nofollow"
      onKeyDown={spaceClicks}
      data-focus-key={focusKey}
      data-testid={testId}
    >
      {children}
    </a>
  )
}

/**
 * The price range, in the visitor's currency: a GET form. With the page's code, what is typed is
 * read leniently (`9,99`, `$12`; bounds the wrong way round are swapped) and the address written
 * with writeListing; before it, the browser's own check (`pattern`) only lets writeListing's
 * spelling through, with the other filters in hidden fields.
 */
function PriceFilter({
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

/**
 * The category's filters (docs/api.md, "Search, sort and filters"): the price range, in stock
 * only and the option values, each with how many items it would show under the other filters.
 * Every choice is an address (writeListing's spelling), so it works without the page's code, and
 * Back and shared links show the same page.
 */
export function CategoryFilters({
  links,
  facets,
  total,
  drawer,
  onChoose,
}: {
  links: ListingLinks
  facets: CategoryFacets
  total: number
  drawer: FilterDrawer
  /** Called before a choice's navigation, with its address and the control chosen. */
  onChoose: (href: string, focus: string) => void
}) {
  const t = useT()
  const { choice } = links
  const count = filterCount(choice)
  const shown = t('Show {0, plural, one {# item} other {# items}}', total)
  return (
    <aside
      id={FILTERS_ID}
      className={drawer.open ? 'sw-filters sw-filters-is-open' : 'sw-filters'}
      aria-labelledby="sw-filters-title"
      data-testid="filters"
    >
      <div className="sw-filters-panel" ref={drawer.panel}>
        <div className="sw-filters-head">
          <h2 id="sw-filters-title">{t('Filters')}</h2>
          <Hydrated
            before={
              <a className="sw-icon-button sw-filters-close" href={`#${RESULTS_ID}`}>
                <Icon path={mdiClose} />
                <span className="sw-visually-hidden">{t('Close')}</span>
              </a>
            }
            after={
              <button
                type="button"
                className="sw-icon-button sw-filters-close"
                onClick={drawer.close}
                aria-label={t('Close')}
                data-testid="filters-close"
              >
                <Icon path={mdiClose} />
              </button>
            }
          />
        </div>
        <div className="sw-filters-body">
          {facets.price ? (
            <PriceFilter
              links={links}
              price={facets.price}
              onApply={(to) => onChoose(to, 'price')}
            />
          ) : null}
          <div className="sw-filter-group" role="group" aria-labelledby="sw-filter-stock">
            <h3 id="sw-filter-stock" className="sw-filter-title">
              {t('Availability')}
            </h3>
            <FilterLink
              className="sw-check-link"
              on={choice.instock}
              href={links.href({ ...choice, instock: !choice.instock })}
              disabled={facets.instock === 0}
              focusKey="instock"
              testId="instock-filter"
            >
              <span className="sw-check-box" aria-hidden="true" />
              <span>{t('In stock only')}</span>
              <span className="sw-filter-count">{facets.instock}</span>
            </FilterLink>
          </div>
          {facets.options.length > 0 ? (
            <div className="sw-filter-group" role="group" aria-labelledby="sw-filter-options">
              <h3 id="sw-filter-options" className="sw-filter-title">
                {t('Options')}
              </h3>
              <ul className="sw-chips">
                {facets.options.map((option) => (
                  <li key={option.key}>
                    <FilterLink
                      className="sw-chip"
                      on={choice.options.includes(option.key)}
                      href={links.href(toggleOption(choice, option.key))}
                      disabled={option.count === 0}
                      focusKey={`option:${option.key}`}
                      testId="option-filter"
                    >
                      <span>{option.value}</span>
                      <span className="sw-filter-count">{option.count}</span>
                    </FilterLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="sw-filters-foot">
          {count > 0 ? (
            <a
              className="sw-button"
              href={links.href(withoutFilters(choice))}
              rel="nofollow"
              data-focus-key="clear"
            >
              {t('Clear all')}
            </a>
          ) : null}
          <Hydrated
            before={
              <a className="sw-button sw-button-primary" href={`#${RESULTS_ID}`}>
                {shown}
              </a>
            }
            after={
              <button
                type="button"
                className="sw-button sw-button-primary"
                onClick={drawer.close}
                data-testid="filters-done"
              >
                {shown}
              </button>
            }
          />
        </div>
      </div>
      <div className="sw-filters-backdrop" onClick={drawer.close} aria-hidden="true" />
    </aside>
  )
}

/**
 * The filters that apply, each a link that removes it, and "Clear all" (the sort is kept). Prices
 * in the currency the page is priced in.
 */
export function ActiveFilters({
  links,
  facets,
}: {
  links: ListingLinks
  facets: CategoryFacets | null
}) {
  const t = useT()
  const { minor } = useMoney()
  const { choice } = links
  const money = (amount: number) => minor(amount, links.currency)
  const chips: Array<{ key: string; label: string; href: string }> = []
  if (choice.min !== null || choice.max !== null)
    chips.push({
      key: 'price',
      label:
        choice.min !== null && choice.max !== null
          ? t('{0} – {1}', money(choice.min), money(choice.max))
          : choice.min !== null
            ? t('From {0}', money(choice.min))
            : t('Up to {0}', money(choice.max ?? 0)),
      href: links.href({ ...choice, min: null, max: null }),
    })
  if (choice.instock)
    chips.push({
      key: 'instock',
      label: t('In stock only'),
      href: links.href({ ...choice, instock: false }),
    })
  for (const key of choice.options)
    chips.push({
      key: `option:${key}`,
      label: facets?.options.find((option) => option.key === key)?.value ?? key,
      href: links.href(toggleOption(choice, key)),
    })
  if (chips.length === 0) return null
  return (
    <div className="sw-active-filters" role="group" aria-label={t('Active filters')}>
      <ul>
        {chips.map((chip) => (
          <li key={chip.key}>
            <a
              className="sw-active-chip"
              href={chip.href}
              rel="nofollow"
              aria-label={t('Remove filter: {0}', chip.label)}
              data-focus-key={`remove:${chip.key}`}
              data-testid="active-filter"
            >
              <span>{chip.label}</span>
              <Icon path={mdiClose} size={16} />
            </a>
          </li>
        ))}
      </ul>
      <a
        className="sw-link-button"
        href={links.href(withoutFilters(choice))}
        rel="nofollow"
        data-focus-key="clear"
        data-testid="clear-filters"
      >
        {t('Clear all')}
      </a>
    </div>
  )
}
