import type { ReactNode } from 'react'
import { Icon, useT, type Column } from '@shopwright/admin-ui/kit'
import {
  GEO_CREDIT,
  type Medium,
  type NameVersion,
  type Platform,
  type SessionRow,
} from '../shared/types.js'
import { browserIcon, deviceIcon, osIcon } from './session-icons.js'

/** A browser or operating system with its icon, name and version. */
export function Software({
  icon,
  value,
  platform,
}: {
  icon: string
  value: NameVersion
  platform?: Platform
}) {
  const device = platform ? deviceIcon(platform) : undefined
  return (
    <span className="sw-sessions-software">
      <Icon name={icon} size={18} />
      {device ? <Icon name={device} size={18} /> : null}
      {[value.name, value.version].filter(Boolean).join(' ')}
    </span>
  )
}

/** The session's browser, a robot shown as one. */
export function BrowserCell({ row }: { row: SessionRow }) {
  return <Software icon={browserIcon(row.browser.name, row.robot)} value={row.browser} />
}

/** The session's operating system, with the phone or tablet icon. */
export function OsCell({ row }: { row: SessionRow }) {
  return <Software icon={osIcon(row.os.name)} value={row.os} platform={row.platform} />
}

/** Where the visitor was: city, region and country, as far as known. */
export function locationOf(row: Pick<SessionRow, 'city' | 'region' | 'country'>): string {
  return [row.city, row.region, row.country].filter(Boolean).join(', ')
}

/** The "Live" mark of a session active in the last 30 minutes. */
export function LiveMark({ row }: { row: SessionRow }) {
  const t = useT()
  return row.live ? (
    <span className="sw-sessions-live" data-testid="live">
      {t('Live')}
    </span>
  ) : null
}

/** The virus and robot icons of a flagged session. */
export function Flags({ row }: { row: SessionRow }) {
  const t = useT()
  return (
    <>
      {row.virus ? <Icon name="virus" size={18} title={t('Virus')} /> : null}
      {row.spam ? <Icon name="alert" size={18} title={t('Spam')} /> : null}
    </>
  )
}

/** A column of the sessions list that says what its cells hold. */
export type SessionColumn = Column<SessionRow> & { render(row: SessionRow): ReactNode }

/** The list's columns, every cell of an unconfirmed session's row shown disabled (`Dimmed`). */
export function dimmedColumns(columns: readonly SessionColumn[]): Array<Column<SessionRow>> {
  return columns.map((column) => ({
    ...column,
    render: (row) => <Dimmed row={row}>{column.render(row)}</Dimmed>,
  }))
}

/** An unconfirmed session's cell: shown disabled (README, "Screens"). */
export function Dimmed({ row, children }: { row: SessionRow; children: ReactNode }) {
  return row.confirmed ? (
    <>{children}</>
  ) : (
    <span className="sw-sessions-unconfirmed" aria-disabled="true">
      {children}
    </span>
  )
}

/** The credit DB-IP's licence (CC BY 4.0) asks for wherever its locations are shown. */
export function GeoCredit() {
  const t = useT()
  return (
    <p className="sw-sessions-credit sw-muted" data-testid="dbip-credit">
      {t('IP geolocation by')}{' '}
      <a href={GEO_CREDIT.href} target="_blank" rel="noreferrer">
        {GEO_CREDIT.name}
      </a>{' '}
      {GEO_CREDIT.licence}
    </p>
  )
}

/** A medium's name in the admin's language (the insights screens name sources with it too). */
export function mediumName(t: ReturnType<typeof useT>, medium: Medium | string): string {
  const labels: Record<Medium, string> = {
    search: t('Search'),
    social: t('Social'),
    email: t('Email'),
    paid: t('Paid'),
    internal: t('Internal'),
    direct: t('Direct'),
    referral: t('Referral'),
  }
  return labels[medium as Medium] ?? medium
}

/** The medium's name in the admin's language. */
export function MediumLabel({ medium }: { medium: Medium }) {
  return <>{mediumName(useT(), medium)}</>
}
