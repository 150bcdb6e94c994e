import { useNavigate } from 'react-router'
import type { AccessFlags } from '@shopwright/core/shared'
import { Button, useClient, useDialogs, useT } from '@shopwright/admin-ui/kit'
import type { UnpublishTime } from '../../shared/history.js'
import type { DraftAnswer, DraftState } from './DraftBadge.js'
import { askSchedule } from './ScheduleDialog.js'

export interface DraftActionsProps {
  type: string
  /** The record's id once it is saved; null before. */
  id: string | null
  draft: DraftState | null
  unpublish: UnpublishTime | null
  access: AccessFlags | undefined
  /** The list's address, where a discarded record never published leaves to. */
  basePath: string
  /** Saves what waits; answers once it has landed (or failed). */
  flush(): Promise<void>
  /** Whether a change the save refused (or could not send) is still in the form. */
  hasUnsaved(): boolean
  /** Forgets the form's unsaved changes: the record is read again. */
  forgetUnsaved(): void
  /** A draft call's answer: the draft's state and the record's time to leave. */
  onAnswer(answer: Pick<DraftAnswer, 'draft' | 'unpublish'>): void
  /** Reads the record again. */
  reload(): void
}

/**
 * The toolbar's publishing buttons of a publishable record (docs/history.md): Publish, Schedule
 * (when the draft publishes, when the record leaves the site), Unpublish and Discard, each shown
 * to who holds its rights; a writer without publish reads who makes the changes live instead.
 * Each saves what waits first, so what it acts on is what the form shows.
 */
export function DraftActions(props: DraftActionsProps) {
  const { type, id, draft, unpublish, access } = props
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  if (id === null || !access) return null
  const path = `${encodeURIComponent(type)}/${encodeURIComponent(id)}`
  const published = draft?.isNew !== true

  /** Saves what waits; false, after saying so, when a change could not be saved. */
  const settled = async (title: string) => {
    await props.flush()
    if (!props.hasUnsaved()) return true
    await dialogs.alert(title, t('Some changes are not saved yet: see the fields marked.'))
    return false
  }

  const publish = async () => {
    if (!(await settled(t('Unable to Publish')))) return
    try {
      await client.post(`/data/draft/publish/${path}`)
      props.onAnswer({ draft: null, unpublish })
      props.forgetUnsaved()
      props.reload()
    } catch (error) {
      await dialogs.error('Unable to Publish', error)
    }
  }

  const schedule = async () => {
    await props.flush()
    const choice = await askSchedule(dialogs, {
      ...(draft ? { publishAt: draft.publishAt } : {}),
      unpublishAt: unpublish?.at ?? null,
      isNew: !published,
      canUnpublish: access.create && access.edit,
    })
    if (!choice) return
    const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())
    const start =
      draft && choice.publishAt !== draft.publishAt
        ? () =>
            client.post<DraftAnswer>(`/data/draft/schedule/${path}`, { at: iso(choice.publishAt) })
        : null
    const end =
      choice.unpublishAt !== (unpublish?.at ?? null)
        ? () =>
            client.post<DraftAnswer>(`/data/draft/schedule-unpublish/${path}`, {
              at: iso(choice.unpublishAt),
            })
        : null
    // A record never published keeps its end after its start, at each step on the server: a
    // start cleared or moved later goes after the end has moved, any other before it.
    const later =
      choice.publishAt === null || (draft?.publishAt != null && choice.publishAt > draft.publishAt)
    try {
      for (const step of later ? [end, start] : [start, end]) if (step) props.onAnswer(await step())
    } catch (error) {
      await dialogs.error('Unable to Schedule', error)
    }
  }

  const takeDown = async () => {
    if (!(await settled(t('Unable to Unpublish')))) return
    const question = t(
      'Unpublish this record? It leaves the site and is kept as a draft, to publish again.',
    )
    if (!(await dialogs.confirm(question, { title: t('Unpublish'), ok: t('Unpublish') }))) return
    try {
      props.onAnswer(await client.post<DraftAnswer>(`/data/draft/unpublish/${path}`))
      props.forgetUnsaved()
      props.reload()
    } catch (error) {
      await dialogs.error('Unable to Unpublish', error)
    }
  }

  /** Drops the draft after a confirmation; a record never published goes with it. */
  const discard = async () => {
    // A save on its way would make the draft again after the discard: it lands first.
    await props.flush()
    if (!draft) return
    const question = draft.isNew
      ? t('Discard this draft? The record was never published: it goes with it.')
      : t('Discard the changes not published? The published version stays as it is.')
    if (!(await dialogs.confirm(question, { title: t('Discard'), ok: t('Discard') }))) return
    try {
      await client.post(`/data/draft/discard/${path}`)
      props.forgetUnsaved()
      props.onAnswer({ draft: null, unpublish: draft.isNew ? null : unpublish })
      if (draft.isNew) navigate(props.basePath)
      else props.reload()
    } catch (error) {
      await dialogs.error('Unable to Discard', error)
    }
  }

  return (
    <>
      {draft && access.publish ? (
        <Button
          icon="upload"
          variant="primary"
          onClick={() => void publish()}
          data-testid="publish"
        >
          {t('Publish')}
        </Button>
      ) : null}
      {access.publish && (draft || (access.create && access.edit)) ? (
        <Button icon="calendar" onClick={() => void schedule()} data-testid="schedule">
          {t('Schedule')}
        </Button>
      ) : null}
      {draft && !access.publish ? (
        // A writer drafts; someone with the publish right makes it live (docs/history.md).
        <span className="sw-muted records-publish-needed" data-testid="publish-needed">
          {t('Someone who may publish makes these changes live.')}
        </span>
      ) : null}
      {published && access.publish && access.create && access.edit ? (
        <Button icon="download" onClick={() => void takeDown()} data-testid="unpublish">
          {t('Unpublish')}
        </Button>
      ) : null}
      {draft && access.edit && (!draft.isNew || access.delete) ? (
        <Button icon="close" onClick={() => void discard()} data-testid="discard">
          {t('Discard')}
        </Button>
      ) : null}
    </>
  )
}
