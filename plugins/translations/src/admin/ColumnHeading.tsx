import { Icon, PopupMenu, useT, type PopupMenuItem } from '@shopwright/admin-ui/kit'

/** Props of ColumnHeading. */
export interface ColumnHeadingProps {
  label: string
  /** Shown under the label, smaller (the language code). */
  detail?: string
  items: readonly PopupMenuItem[]
  /** The menu button's data-testid; the menu's adds "-popup". */
  testId: string
  /** Work on the column is under way (an Auto-Fill): a spinner instead of the menu icon. */
  busy?: boolean
}

/** A column's heading with its menu: the phrase column's, or a language's. */
export function ColumnHeading({ label, detail, items, testId, busy = false }: ColumnHeadingProps) {
  const t = useT()
  return (
    <div className="translation-heading">
      <span className="translation-heading-label">
        {label}
        {detail ? <span className="translation-heading-detail">{detail}</span> : null}
      </span>
      <PopupMenu
        testId={`${testId}-popup`}
        items={items}
        trigger={(open) => (
          <button
            type="button"
            className="sw-icon-button translation-menu-button"
            aria-label={t('{0} menu', label)}
            aria-haspopup="menu"
            aria-expanded={open}
            data-testid={testId}
          >
            <Icon name={busy ? 'loading' : 'dots-vertical'} spin={busy} size={18} />
          </button>
        )}
      />
    </div>
  )
}
