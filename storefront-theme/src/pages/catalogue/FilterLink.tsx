import type { KeyboardEvent, ReactNode } from 'react'

/** Space toggles a checkbox; these are links (they work without the page's code), which Enter follows. */
function spaceClicks(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== ' ') return
  event.preventDefault()
  event.currentTarget.click()
}

/**
 * A filter that is on or off: a link to the page with it toggled, announced as a checkbox. One
 * that would find nothing (and is off) is shown disabled.
 */
export function FilterLink({
  on,
  href,
  disabled = false,
  focusKey,
  className,
  testId,
  children,
}: {
  on: boolean
  href: string
  disabled?: boolean
  focusKey: string
  className: string
  testId: string
  children: ReactNode
}) {
  if (disabled && !on)
    return (
      <span
        className={className}
        role="checkbox"
        aria-checked="false"
        aria-disabled="true"
        data-testid={testId}
      >
        {children}
      </span>
    )
  return (
    <a
      className={className}
      role="checkbox"
      aria-checked={on}
      href={href}
      rel="nofollow"
      onKeyDown={spaceClicks}
      data-focus-key={focusKey}
      data-testid={testId}
    >
      {children}
    </a>
  )
}
