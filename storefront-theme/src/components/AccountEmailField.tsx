import { useT } from '@shopwright/storefront/react'
import { TextField } from './TextField.js'

/**
 * The e-mail that names an account, on the sign-in and reset screens: lowercased as it is typed
 * (accounts are found by it lowercased) and offered to password managers as the username.
 */
export function AccountEmailField({
  value,
  onValue,
  error,
  testId,
}: {
  value: string
  onValue(value: string): void
  error: string | null | undefined
  testId: string
}) {
  const t = useT()
  return (
    <TextField
      label={t('Email')}
      error={error}
      type="email"
      name="email"
      autoComplete="username"
      value={value}
      onValue={(typed) => onValue(typed.toLowerCase())}
      data-testid={testId}
    />
  )
}
