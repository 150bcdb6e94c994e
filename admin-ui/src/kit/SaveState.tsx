import { Icon } from './Icon.js'
import { useLanguage, useT } from './i18n.js'
import './styles/save-state.css'

/** Where an autosaved editor stands (docs/admin.md, "Saving"). */
export type SaveStatus =
  /** Nothing changed since the record was loaded or saved. */
  | 'saved'
  /** Changes wait for the autosave. */
  | 'unsaved'
  /** Changes cannot be saved until the fields marked are put right. */
  | 'invalid'
  /** A save is on its way. */
  | 'saving'
  /** The last save failed; the changes are still here and the next change tries again. */
  | 'failed'

export interface SaveStateProps {
  status: SaveStatus
  /** When the last save was done in this editor; none before the first. */
  savedAt?: Date | null
  /** With `invalid`: how many fields need attention. */
  problems?: number
}

const ICONS: Record<SaveStatus, string> = {
  saved: 'check-circle',
  unsaved: 'content-save',
  invalid: 'alert-circle',
  saving: 'refresh',
  failed: 'alert',
}

/**
 * The editor's save state beside its title: Saved (at what time), Unsaved changes, Saving, or how
 * many fields keep it from saving. A polite live region, so a screen reader hears it change.
 */
export function SaveState({ status, savedAt, problems = 0 }: SaveStateProps) {
  const t = useT()
  const { language } = useLanguage()
  const time = savedAt
    ? new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(savedAt)
    : null
  const text =
    status === 'saving'
      ? t('Saving...')
      : status === 'unsaved'
        ? t('Unsaved changes')
        : status === 'failed'
          ? t('Not saved')
          : status === 'invalid'
            ? t(
                '{0, plural, one {# field needs attention} other {# fields need attention}}',
                problems,
              )
            : time
              ? t('Saved at {0}', time)
              : t('Saved')
  return (
    <span
      className={`sw-save-state sw-save-state-${status}`}
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-status={status}
    >
      <Icon name={ICONS[status]} size={16} spin={status === 'saving'} /> {text}
    </span>
  )
}
