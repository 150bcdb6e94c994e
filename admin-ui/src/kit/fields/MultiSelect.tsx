import { useMemo, useState } from 'react'
import { Icon } from '../Icon.js'
import { SearchInput } from '../SearchInput.js'
import { useLanguage, useT } from '../i18n.js'
import type { Choice } from './field-source.js'
import { collatorFor, foldText } from '@shopwright/client'
import { keyOfValue } from './value-keys.js'

/** Up to this many choices show as a row of checkboxes; more get the search box. */
export const SHORT_LIST = 12
/** At most this many matches are drawn at once: typing narrows them. */
const SHOWN = 60

/**
 * A `lists` or `recordlist` field: its values toggled on and off (docs/admin.md, "Pickers").
 * A short list is a row of checkboxes. A long one (the web configuration's ~170 currencies and
 * languages) shows the chosen values as removable chips above a search box and the matching
 * choices, in the reader's alphabetical order (`Intl.Collator`), found without accents.
 */
export function MultiSelect({
  choices,
  value,
  onChange,
  readOnly,
  name,
}: {
  choices: Choice[] | null
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
  name: string
}) {
  const t = useT()
  const { language } = useLanguage()
  const [search, setSearch] = useState('')
  const items = Array.isArray(value) ? value : []
  const keys = new Set(items.map(keyOfValue))
  const sorted = useMemo(() => {
    if (!choices || choices.length <= SHORT_LIST) return choices
    const collator = collatorFor(language)
    return [...choices].sort((a, b) => collator.compare(a.label, b.label))
  }, [choices, language])
  if (choices === null || sorted === null) return <p className="sw-muted">{t('Loading')}</p>
  const toggle = (choice: Choice) =>
    onChange(
      keys.has(choice.key)
        ? items.filter((item) => keyOfValue(item) !== choice.key)
        : [...items, choice.value],
    )
  const box = (choice: Choice) => (
    <label key={choice.key} className="sw-check">
      <input
        type="checkbox"
        disabled={readOnly}
        checked={keys.has(choice.key)}
        onChange={() => toggle(choice)}
      />
      {choice.label}
    </label>
  )
  if (choices.length <= SHORT_LIST)
    return (
      <div className="sw-multiselect" role="group" aria-label={name}>
        {choices.map(box)}
        {choices.length === 0 ? (
          <span className="sw-muted">{t('Nothing to choose from')}</span>
        ) : null}
      </div>
    )
  const words = foldText(search).split(/\s+/).filter(Boolean)
  const matches = sorted.filter((choice) => {
    const label = foldText(`${choice.label} ${choice.key}`)
    return words.every((word) => label.includes(word))
  })
  const chosen = sorted.filter((choice) => keys.has(choice.key))
  return (
    <div className="sw-multiselect-long" role="group" aria-label={name}>
      <ul className="sw-chips" aria-label={t('Chosen')} data-testid="chosen">
        {chosen.map((choice) => (
          <li key={choice.key}>
            <span>{choice.label}</span>
            {readOnly ? null : (
              <button
                type="button"
                className="sw-chip-remove"
                aria-label={t('Remove {0}', choice.label)}
                onClick={() => toggle(choice)}
              >
                <Icon name="close" size={14} />
              </button>
            )}
          </li>
        ))}
        {chosen.length === 0 ? <li className="sw-muted">{t('None chosen')}</li> : null}
      </ul>
      <SearchInput
        label={t('Search {0}', name)}
        value={search}
        onSearch={setSearch}
        data-testid="multiselect-search"
      />
      <div className="sw-multiselect-matches">
        {matches.slice(0, SHOWN).map(box)}
        {matches.length === 0 ? <span className="sw-muted">{t('Nothing matches.')}</span> : null}
      </div>
      {matches.length > SHOWN ? (
        <p className="sw-muted">{t('{0} more: type to narrow.', matches.length - SHOWN)}</p>
      ) : null}
    </div>
  )
}
