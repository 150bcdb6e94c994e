import type { ReactNode } from 'react'

/**
 * A picture that links where the name beside it does. Screen readers and the keyboard skip it,
 * so they meet the link once, by its name.
 */
export function MediaLink({
  className,
  href,
  children,
}: {
  className: string
  href: string
  children: ReactNode
}) {
  return (
    <a className={className} href={href} tabIndex={-1} aria-hidden="true">
      {children}
    </a>
  )
}
