import { createContext, useContext, type AnchorHTMLAttributes } from 'react'

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean
}

export interface Navigation {
  /** The current address: path and query. */
  href: string
  /** Goes to a local address without reloading the page (a full load for unknown ones). */
  navigate(href: string, options?: NavigateOptions): void
}

export const NavigationContext = createContext<Navigation>({
  href: '/',
  navigate: (href) => {
    globalThis.location?.assign(href)
  },
})

/** The storefront's navigation: where the visitor is, and how to go elsewhere. */
export function useNavigation(): Navigation {
  return useContext(NavigationContext)
}

/**
 * A local link. A plain `<a>` works too (the engine catches clicks on local links); this one only
 * adds `replace`.
 */
export function Link({
  href,
  replace,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean }) {
  const { navigate } = useNavigation()
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !replace) return
        event.preventDefault()
        navigate(href, { replace: true })
      }}
      {...rest}
    />
  )
}
