import { useT } from '@shopwright/storefront/react'
import { TextField } from './TextField.js'

/**
 * The attributes of the sign-in fields, as password managers expect them: the e-mail is the
 * account's username; the password, asked once the account is found, takes the focus.
 */
const INPUTS = {
  email: { type: 'email', name: 'email', autoComplete: 'username' },
  password: {
    type: 'password',
    name: 'password',
    autoComplete: 'current-password',
    autoFocus: true,
  },
} as const

/**
 * A field of the sign-in and reset screens: the e-mail that names an account, lowercased as it
 * is typed (accounts are found by it lowercased), or that account's password.
 */
export function SignInField({
  kind,
  value,
  onValue,
  error,
  testId,
}: {
  kind: keyof typeof INPUTS
  value: string
  onValue(value: string): void
  error: string | null | undefined
  testId: string
}) {
  const t = useT()
  return (
    <TextField
      label={kind === 'email' ? t('Email') : t('Password')}
      error={error}
      {...INPUTS[kind]}
      value={value}
      onValue={(typed) => onValue(kind === 'email' ? typed.toLowerCase() : typed)}
      data-testid={testId}
    />
  )
}
