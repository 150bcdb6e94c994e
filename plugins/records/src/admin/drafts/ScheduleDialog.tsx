import { useState } from 'react'
import { Dialog, useT, type Dialogs } from '@shopwright/admin-ui/kit'

/** What the schedule dialog answers: when the draft publishes (epoch ms), or null for never. */
export interface ScheduleChoice {
  at: number | null
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

function ScheduleForm({
  current,
  close,
}: {
  current: number | null
  close(choice: ScheduleChoice | null): void
}) {
  const t = useT()
  const [value, setValue] = useState(localInputValue(current ?? nextHour(Date.now())))
  const [problem, setProblem] = useState<string | null>(null)
  // No `min` on the input: the browser's own check would stop the form without a word in the
  // admin's language; this one says why.
  const submit = () => {
    // A datetime-local value without an offset is read in this browser's zone.
    const at = new Date(value).getTime()
    if (!Number.isFinite(at) || at <= Date.now()) setProblem(t('Choose a time later than now.'))
    else close({ at })
  }
  return (
    <Dialog
      title={t('Schedule publishing')}
      onClose={() => close(null)}
      actions={[
        { label: t('Cancel'), testId: 'dialog-cancel', run: () => close(null) },
        ...(current === null
          ? []
          : [
              {
                label: t('Do not publish then'),
                testId: 'schedule-clear',
                run: () => close({ at: null }),
              },
            ]),
        { label: t('Schedule'), testId: 'dialog-ok', primary: true, run: submit },
      ]}
    >
      <label className="sw-field">
        <span className="sw-field-label">{t('Publish on')}</span>
        <input
          className="sw-input"
          type="datetime-local"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setProblem(null)
          }}
          required
          data-testid="schedule-at"
        />
      </label>
      <p className="sw-muted">
        {t('The draft goes live as it stands then, changes saved meanwhile included.')}
      </p>
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

/** Asks when a draft publishes by itself (docs/history.md, "Scheduled publishing"). */
export function askSchedule(
  dialogs: Dialogs,
  current: number | null,
): Promise<ScheduleChoice | null> {
  return dialogs.open<ScheduleChoice>(
    ({ close }) => <ScheduleForm current={current} close={close} />,
    'sm',
  )
}
