import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon } from './Icon.js'
import { useT } from './i18n.js'
import './styles/dashboard.css'

export interface DashboardCardProps {
  /** The card's English title (translated here). */
  title: string
  icon: string
  /** The screen the card is a glimpse of: its title links there. */
  to?: string
  /** While the figures load: a quiet placeholder of the card's height. */
  loading?: boolean
  /** A refusal or a failed call: shown in the card, the others unaffected. */
  error?: string | null
  children?: ReactNode
  'data-testid'?: string
}

/**
 * The frame of a dashboard card (docs/admin.md, "Dashboard"): its titled header linking to its
 * screen, then its figures, or a loading or error state of the same size so the home never jumps.
 */
export function DashboardCard(props: DashboardCardProps) {
  const t = useT()
  const title = t(props.title)
  const heading = (
    <>
      <Icon name={props.icon} size={20} />
      <span>{title}</span>
    </>
  )
  return (
    <article
      className="sw-dashboard-card"
      aria-busy={props.loading ? true : undefined}
      data-testid={props['data-testid']}
    >
      <h2 className="sw-dashboard-card-title">
        {props.to ? (
          <Link to={props.to} className="sw-dashboard-card-link">
            {heading}
            <Icon name="chevron-right" size={18} />
          </Link>
        ) : (
          heading
        )}
      </h2>
      {props.error ? (
        <p className="sw-dashboard-card-error" role="alert">
          {props.error}
        </p>
      ) : props.loading ? (
        <div className="sw-dashboard-card-loading" aria-label={t('Loading')} role="status" />
      ) : (
        props.children
      )}
    </article>
  )
}

/** One figure of a card: a large number with what it counts, optionally a link to those rows. */
export function DashboardFigure(props: {
  label: string
  value: ReactNode
  to?: string
  'data-testid'?: string
}) {
  const t = useT()
  const body = (
    <>
      <span className="sw-dashboard-figure-value">{props.value}</span>
      <span className="sw-dashboard-figure-label">{t(props.label)}</span>
    </>
  )
  return props.to ? (
    <Link className="sw-dashboard-figure" to={props.to} data-testid={props['data-testid']}>
      {body}
    </Link>
  ) : (
    <div className="sw-dashboard-figure" data-testid={props['data-testid']}>
      {body}
    </div>
  )
}

/**
 * A small line of values (a sparkline), oldest first, with a text for screen readers: the chart is
 * a picture of the figures the card also writes out.
 */
export function Sparkline(props: { values: readonly number[]; label: string }) {
  const width = 240
  const height = 48
  const max = Math.max(1, ...props.values)
  const step = props.values.length > 1 ? width / (props.values.length - 1) : width
  const points = props.values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - (value / max) * (height - 4)).toFixed(1)}`,
    )
    .join(' ')
  return (
    <svg
      className="sw-sparkline"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={props.label}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  )
}
