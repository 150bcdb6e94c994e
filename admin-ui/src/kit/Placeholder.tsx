import './styles/placeholder.css'
import { Icon } from './Icon.js'
import { useT } from './i18n.js'

/** A loading fill is at least this tall, so a page does not jump as data arrives. */
export const PLACEHOLDER_MIN_HEIGHT = 200

// Uneven widths read as text being drawn; equal bars read as a broken table.
const BAR_WIDTHS = ['100%', '92%', '96%', '70%', '84%']

/** Props of PlaceholderBar. */
export interface PlaceholderBarProps {
  /** A CSS width; the default fills its box. */
  width?: string | number
}

/** One grey animated bar standing in for a line of text while it loads. */
export function PlaceholderBar({ width = '100%' }: PlaceholderBarProps) {
  return <span className="sw-placeholder-bar" style={{ width }} aria-hidden="true" />
}

/** Props of Placeholder. */
export interface PlaceholderProps {
  /** How many bars to draw; 3 by default. */
  lines?: number
  /** Fills an area (a list, a panel): at least 200 px tall. Off for a single field. */
  fill?: boolean
}

/** Grey animated bars shown while content loads (lists show them until their rows arrive). */
export function Placeholder({ lines = 3, fill = false }: PlaceholderProps) {
  const t = useT()
  const count = Math.max(1, Math.floor(lines))
  return (
    <div
      className="sw-placeholder"
      style={fill ? { minHeight: PLACEHOLDER_MIN_HEIGHT } : undefined}
      role="status"
      aria-busy="true"
      aria-label={t('Loading')}
      data-testid="placeholder"
    >
      {Array.from({ length: count }, (_, index) => (
        <PlaceholderBar key={index} width={BAR_WIDTHS[index % BAR_WIDTHS.length]} />
      ))}
    </div>
  )
}

/** Props of Spinner. */
export interface SpinnerProps {
  /** Icon size in px; 20 by default, as Icon. */
  size?: number
}

/** A turning 'loading' icon, announced as "Loading" to screen readers. */
export function Spinner({ size }: SpinnerProps) {
  const t = useT()
  return (
    <span className="sw-spinner" role="status" data-testid="spinner">
      <Icon name="loading" size={size} spin title={t('Loading')} />
    </span>
  )
}
