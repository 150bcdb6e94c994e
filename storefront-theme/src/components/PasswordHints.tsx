import { passwordHints } from '@shopwright/client'
import { useT } from '@shopwright/storefront/react'

/** What a new password still lacks, as it is typed (none before the first character). */
export function PasswordHints({ password }: { password: string }) {
  const t = useT()
  const hints = password ? passwordHints(password) : []
  return (
    <ul className="sw-hints" aria-label={t('Password hints')}>
      {hints.map((hint) => (
        <li key={hint}>{t(hint)}</li>
      ))}
    </ul>
  )
}
