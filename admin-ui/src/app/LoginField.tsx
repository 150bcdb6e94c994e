import type { ReactNode } from 'react'
import { useT } from '../kit/i18n.js'

/**
 * One field of the sign-in screen, the e-mail or the password, named and filled as password
 * managers expect (the e-mail as the username). Each step shows one, focused; its test id is
 * `login-{kind}`.
 */
export function LoginField({
  kind,
  label,
  value,
  onValue,
  error,
}: {
  kind: 'email' | 'password'
  label: ReactNode
  value: string
  onValue(value: string): void
  /** The error code to show under it, if any. */
  error: string | null
}) {
  const t = useT()
  return (
    <label className="sw-field">
      <span className="sw-field-label">{label}</span>
      <input
        className="sw-input"
        type={kind}
        name={kind}
        autoComplete={kind === 'email' ? 'username' : 'current-password'}
        autoFocus
        value={value}
        onChange={(event) => onValue(event.target.value)}
        data-testid={`login-${kind}`}
      />
      <span className="sw-field-error" role={error ? 'alert' : undefined}>
        {error ? t(error) : null}
      </span>
    </label>
  )
}
