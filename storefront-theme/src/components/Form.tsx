import type { FormEvent, ReactNode } from 'react'
import { useHydrated } from '../lib/hydrated.js'

/**
 * A form of the theme: checked by the screen (noValidate), its fields and buttons disabled until
 * the page is hydrated, so nothing is sent before its code runs.
 */
export function Form({
  onSubmit,
  children,
  className = 'sw-form',
  'data-testid': testId,
}: {
  onSubmit(event: FormEvent<HTMLFormElement>): void
  children: ReactNode
  className?: string
  'data-testid'?: string
}) {
  const hydrated = useHydrated()
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <fieldset className={`sw-fieldset ${className}`} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  )
}
