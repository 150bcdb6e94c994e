import { Link } from 'react-router'
import { useLanguage, useQueryData, useT } from '@shopwright/admin-ui/kit'
import type { DraftState } from './DraftBadge.js'
import './drafts.css'

interface ListedDraft extends DraftState {
  id: string
  name: string
}

/**
 * A publishable type's drafts above its list (docs/history.md, "Drafts"): each record with changes
 * not published, or never published, by name, with who saved it last and when; a link to its
 * editor. Nothing when there are none, or for those who may not edit the type.
 */
export function DraftsStrip({ type, basePath }: { type: string; basePath: string }) {
  const t = useT()
  const { language } = useLanguage()
  const drafts = useQueryData<{ list: ListedDraft[] }>(
    `/data/draft/list/${encodeURIComponent(type)}`,
  )
  const list = drafts.data?.list ?? []
  if (list.length === 0) return null
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section className="records-drafts" aria-label={t('Drafts')} data-testid="drafts">
      <h2>{t('Drafts')}</h2>
      <ul>
        {list.map((draft) => (
          <li key={draft.id}>
            <Link
              to={`${basePath}/${encodeURIComponent(draft.id)}`}
              data-testid={`draft-${draft.id}`}
            >
              {draft.name}
            </Link>{' '}
            <span className="records-draft-badge records-draft-badge-draft">
              {draft.isNew ? t('New, not published') : t('Changes not published')}
            </span>{' '}
            {draft.publishAt === null ? null : (
              <>
                <span className="records-draft-badge records-draft-badge-published">
                  {t('Publishes {0}', when.format(new Date(draft.publishAt)))}
                </span>{' '}
              </>
            )}
            <span className="sw-muted">
              {draft.actorName} · {when.format(new Date(draft.savedAt))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
