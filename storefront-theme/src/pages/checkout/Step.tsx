import type { ReactNode } from 'react'

/** The numbered step of the checkout page. */
export function Step({
  number,
  title,
  children,
  id,
}: {
  number: number
  title: string
  id: string
  children: ReactNode
}) {
  return (
    <section className="sw-panel sw-step" aria-labelledby={id}>
      <h2 id={id}>
        <span className="sw-step-number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  )
}
