import { useState } from 'react'
import { Dialog, useT, type Dialogs } from '@shopwright/admin-ui/kit'

/** The times a record has now: `publishAt` undefined when it has no draft to publish. */
export interface ScheduleTimes {
  publishAt?: number | null
  unpublishAt: number | null
  /** A record never published: it leaves the site only after it publishes. */
  isNew: boolean
  /** Whether the caller may unpublish (publish and create): the end's row is shown only then. */
  canUnpublish: boolean
}

/** What the schedule dialog answers: both times as they should be (epoch ms, or null for none). */
export interface ScheduleChoice {
  publishAt: number | null
  unpublishAt: number | null
}

/** A time as `YYYY-MM-DDTHH:mm` in this browser's zone, what a datetime-local input holds. */
export function localInputValue(ms: number): string {
  const shifted = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 16)
}

/** The next whole hour at least half an hour from now: a time people pick often. */
function nextHour(now: number): number {
  const hour = 60 * 60 * 1000
  return Math.ceil((now + hour / 2) / hour) * hour
}

/** One time of the dialog: whether it is set, and when, as the input holds it. */
interface TimeRow {
  on: boolean
  value: string
}

function TimeField({
  label,
  hint,
  row,
  disabled,
  testId,
  onChange,
}: {
  label: string
  /** What happens then, under the field. */
  hint: string
  row: TimeRow
  disabled: boolean
  testId: string
  onChange(row: TimeRow): void
}) {
  return (
    <>
      <div className="records-schedule-row">
        <label className="records-schedule-check">
          <input
            type="checkbox"
            checked={row.on}
            disabled={disabled}
            onChange={(event) => onChange({ ...row, on: event.target.checked })}
            data-testid={`${testId}-on`}
          />
          <span>{label}</span>
        </label>
        <input
          className="sw-input"
          type="datetime-local"
          aria-label={label}
          value={row.value}
          disabled={disabled || !row.on}
          onChange={(event) => onChange({ ...row, value: event.target.value })}
          required={row.on}
          data-testid={testId}
        />
      </div>
      <p className="sw-muted">{hint}</p>
    </>
  )
}

function ScheduleForm({
  times,
  close,
}: {
  times: ScheduleTimes
  close(choice: ScheduleChoice | null): void
}) {
  const t = useT()
  const drafted = times.publishAt !== undefined
  const start = nextHour(Date.now())
  const [publish, setPublish] = useState<TimeRow>({
    // A draft with no time yet: publishing later is what the button is mostly for.
    on: drafted,
    value: localInputValue(times.publishAt ?? start),
  })
  const [unpublish, setUnpublish] = useState<TimeRow>({
    on: times.unpublishAt !== null,
    value: localInputValue(times.unpublishAt ?? start + 7 * 24 * 60 * 60 * 1000),
  })
  const [problem, setProblem] = useState<string | null>(null)
  // A record never published leaves the site only once it is there: its end needs its start.
  const endNeedsStart = times.isNew && !publish.on
  // No `min` on the inputs: the browser's own check would stop the form without a word in the
  // admin's language; this one says why.
  const submit = () => {
    // A datetime-local value without an offset is read in this browser's zone.
    const publishAt = drafted && publish.on ? new Date(publish.value).getTime() : null
    // Without the right to unpublish, the end is not shown and stays as it was.
    const unpublishAt = !times.canUnpublish
      ? times.unpublishAt
      : unpublish.on && !endNeedsStart
        ? new Date(unpublish.value).getTime()
        : null
    const now = Date.now()
    const late = (at: number | null) => at !== null && (!Number.isFinite(at) || at <= now)
    // A time kept as it was may be in the past by now: the server publishes it at its next look.
    if (late(publishAt) && publishAt !== times.publishAt)
      setProblem(t('Choose a time later than now.'))
    else if (late(unpublishAt) && unpublishAt !== times.unpublishAt)
      setProblem(t('Choose a time later than now.'))
    else if (times.isNew && publishAt !== null && unpublishAt !== null && unpublishAt <= publishAt)
      setProblem(t('Unpublish after it publishes.'))
    else close({ publishAt, unpublishAt })
  }
  const edit = (set: (row: TimeRow) => void) => (row: TimeRow) => {
    set(row)
    setProblem(null)
  }
  return (
    <Dialog
      title={t('Schedule')}
      onClose={() => close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => close(null) },
        { label: t('Apply'), testId: 'dialog-ok', primary: true, run: submit },
      ]}
    >
      {drafted ? (
        <TimeField
          label={t('Publish on')}
          hint={t('The draft goes live as it stands then, changes saved meanwhile included.')}
          row={publish}
          disabled={false}
          testId="schedule-at"
          onChange={edit(setPublish)}
        />
      ) : null}
      {times.canUnpublish ? (
        <TimeField
          label={t('Unpublish on')}
          hint={
            endNeedsStart
              ? t('A record not published yet needs a time to publish first.')
              : t('It leaves the site then and is kept as a draft, to publish again.')
          }
          row={unpublish}
          disabled={endNeedsStart}
          testId="schedule-unpublish-at"
          onChange={edit(setUnpublish)}
        />
      ) : null}
      <div
        className="sw-field-error"
        role={problem ? 'alert' : undefined}
        data-testid="schedule-error"
      >
        {problem}
      </div>
    </Dialog>
  )
}

/**
 * Asks when a draft publishes and when the record leaves the site by itself (docs/history.md,
 * "Scheduled publishing" and "Unpublishing").
 */
export function askSchedule(
  dialogs: Dialogs,
  times: ScheduleTimes,
): Promise<ScheduleChoice | null> {
  return dialogs.open<ScheduleChoice>(
    ({ close }) => <ScheduleForm times={times} close={close} />,
    'sm',
  )
}
