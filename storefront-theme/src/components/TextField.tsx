import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldError } from './FieldError.js'

/**
 * A labelled text input of a form with its error under it. `onValue` gets what was typed; the rest
 * goes to the input as it is. `hiddenLabel` keeps the label for screen readers only, for a field
 * whose placeholder already says what it is.
 */
export function TextField({
  label,
  error,
  onValue,
  hiddenLabel = false,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: ReactNode
  error: string | null | undefined
  onValue(value: string): void
  hiddenLabel?: boolean
  'data-testid'?: string
}) {
  return (
    <label className="sw-field">
      <span className={hiddenLabel ? 'sw-visually-hidden' : undefined}>{label}</span>
      <input {...input} onChange={(event) => onValue(event.target.value)} />
      <FieldError code={error} />
    </label>
  )
}
