import { useLanguage, useT } from '@shopwright/admin-ui/kit'
import type { TrafficAnswer } from '../shared/types.js'

/** Today's day (UTC, as the roll-up's days are: README, "Who counts"). */
const todayUtc = () => new Date().toISOString().slice(0, 10)

/**
 * Says which of the month's days are live (counted as visits come in: today, and a finished day
 * until the roll-up stores it an hour after it ends) and when the last roll-up stored a day, so
 * staff know today's bars still move and the rest are final (README, "Screens").
 */
export function RollUpNote({
  livedays,
  lastrollup,
}: Pick<TrafficAnswer, 'livedays' | 'lastrollup'>) {
  const t = useT()
  const { language } = useLanguage()
  // Days are UTC days: named in UTC, so a day never shows as its neighbour west of Greenwich.
  const dayName = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
  const today = todayUtc()
  const named = (day: string) =>
    day === today ? t('Today') : dayName.format(new Date(`${day}T00:00:00Z`))
  const live = new Intl.ListFormat(language, { type: 'conjunction' }).format(livedays.map(named))
  // The roll-up's time in the reader's own clock, with its zone named.
  const ran = lastrollup
    ? new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(lastrollup.at))
    : ''
  return (
    <div className="insights-rollup" data-testid="insights-rollup">
      {livedays.length > 0 ? (
        <p data-testid="insights-live-days">
          <span className="insights-live-badge">{t('Live')}</span>{' '}
          {t(
            '{0}: counted as visits come in; the hourly roll-up stores a day from an hour after it ends (UTC).',
            live,
          )}
        </p>
      ) : null}
      <p className="sw-muted" data-testid="insights-last-rollup">
        {lastrollup
          ? t('Last roll-up: {0}, stored {1}.', named(lastrollup.day), ran)
          : t('No day of this month is rolled up yet.')}
      </p>
    </div>
  )
}
