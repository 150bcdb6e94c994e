import type { ReactNode } from 'react'
import { Icon } from './Icon.js'
import { shownError } from './errors.js'
import { useT } from './i18n.js'

export interface ErrorViewProps {
  /** The page title on failure: one of the spec's (ERROR_RECORDS_NOT_AVAILABLE...) or 'Error'. */
  title: string
  error?: unknown
  children?: ReactNode
}

/** A failed load: the spec's title for the screen, the server's message, and any actions given. */
export function ErrorView({ title, error, children }: ErrorViewProps) {
  const t = useT()
  const shown = error === undefined ? undefined : shownError(error, t)
  return (
    <section className="sw-error-view" role="alert" data-testid="error-view">
      <h1>
        <Icon name="alert-circle" /> {t(title)}
      </h1>
      {shown ? <p>{shown.message}</p> : null}
      {shown?.reason ? <p className="sw-muted">{shown.reason}</p> : null}
      {children}
    </section>
  )
}
