import type { ReactNode } from 'react'

/**
 * A screen that could not load: its spec title (ERROR_ORDER_NOT_AVAILABLE's 'Unable to View
 * Order.'...) as the page's heading, given translated, and what the visitor may do next.
 */
export function ErrorView({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="sw-error-view" role="alert">
      <h1>{title}</h1>
      {children}
    </section>
  )
}
