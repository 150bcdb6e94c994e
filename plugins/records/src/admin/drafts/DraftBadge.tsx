import type { RecordData } from '@shopwright/core/shared'
import { useLanguage, useT } from '@shopwright/admin-ui/kit'
import type { DraftState, UnpublishTime } from '../../shared/history.js'
import './drafts.css'

export type { DraftState } from '../../shared/history.js'

/** A record as its editors see it: its draft's fields when it has one. */
export interface DraftAnswer {
  record: RecordData
  draft: DraftState | null
  /** When the record leaves the site by itself (docs/history.md, "Unpublishing"). */
  unpublish: UnpublishTime | null
}

/** Whether an answer is the draft get's, not a plain record. */
export function isDraftAnswer(value: unknown): value is DraftAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'record' in value &&
    'draft' in value &&
    typeof (value as { record: unknown }).record === 'object'
  )
}

/**
 * Where a publishable record stands beside its title (docs/history.md, "Drafts"): published as
 * readers see it, changes not published yet, or never published; and when its draft publishes and
 * when it leaves the site by itself, if they are scheduled.
 */
export function DraftBadge({
  draft,
  unpublish = null,
}: {
  draft: DraftState | null
  unpublish?: UnpublishTime | null
}) {
  const t = useT()
  const { language } = useLanguage()
  const [text, kind] = !draft
    ? [t('Published'), 'published']
    : draft.isNew
      ? [t('Not published yet'), 'draft']
      : [t('Changes not published'), 'draft']
  const at = draft?.publishAt ?? null
  const format = (ms: number) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms)
  return (
    <>
      <span className={`records-draft-badge records-draft-badge-${kind}`} data-testid="draft-state">
        {text}
      </span>
      {at === null ? null : (
        <span
          className="records-draft-badge records-draft-badge-published"
          data-testid="draft-schedule"
        >
          {t('Publishes {0}', format(at))}
        </span>
      )}
      {unpublish === null ? null : (
        <span
          className="records-draft-badge records-draft-badge-published"
          data-testid="unpublish-schedule"
        >
          {t('Unpublishes {0}', format(unpublish.at))}
        </span>
      )}
    </>
  )
}
