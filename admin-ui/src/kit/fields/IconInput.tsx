import { useMemo, useState } from 'react'
import { Button } from '../Button.js'
import { Dialog, useDialogs } from '../dialogs.js'
import { Icon } from '../Icon.js'
import { ICONS } from '../icons.js'
import { SearchInput } from '../SearchInput.js'
import { useT } from '../i18n.js'

/** The icon names of the kit's set, in alphabetical order. */
const NAMES = Object.keys(ICONS).sort()

/**
 * An `icon` field: the chosen icon drawn beside its name, and a Choose button that opens the kit's
 * icon set to pick from, searchable by name. The name can still be typed (a site's own icon set).
 */
export function IconInput({
  id,
  value,
  onChange,
  readOnly,
}: {
  id: string
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
}) {
  const t = useT()
  const dialogs = useDialogs()
  const name = typeof value === 'string' ? value : ''
  const choose = async () => {
    const picked = await dialogs.open<string>(
      ({ close }) => <IconChoice current={name} onPick={close} onClose={() => close(null)} />,
      'md',
    )
    if (picked !== null) onChange(picked)
  }
  return (
    <span className="sw-icon-input">
      <span className="sw-icon-input-preview" aria-hidden="true">
        {name ? <Icon name={name} size={22} /> : null}
      </span>
      <input
        id={id}
        className="sw-input"
        value={name}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
      />
      {readOnly ? null : (
        <Button icon="magnify" onClick={() => void choose()} data-testid="icon-choose">
          {t('Choose')}
        </Button>
      )}
    </span>
  )
}

function IconChoice({
  current,
  onPick,
  onClose,
}: {
  current: string
  onPick(name: string): void
  onClose(): void
}) {
  const t = useT()
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const words = search.toLowerCase().trim().split(/\s+/).filter(Boolean)
    return NAMES.filter((name) => words.every((word) => name.includes(word)))
  }, [search])
  return (
    <Dialog title={t('Choose an Icon')} onClose={onClose}>
      <SearchInput
        label={t('Search icons')}
        value={search}
        onSearch={setSearch}
        data-testid="icon-search"
      />
      <ul className="sw-icon-choices" data-testid="icon-choices">
        {shown.map((name) => (
          <li key={name}>
            <button
              type="button"
              className={
                name === current ? 'sw-icon-choice sw-icon-choice-current' : 'sw-icon-choice'
              }
              aria-pressed={name === current}
              onClick={() => onPick(name)}
              data-testid={`icon-${name}`}
            >
              <Icon name={name} size={24} />
              <span>{name}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="sw-muted">{t('No icon has that name.')}</p> : null}
    </Dialog>
  )
}
