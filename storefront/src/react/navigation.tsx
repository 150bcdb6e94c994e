import { createContext, useContext, type AnchorHTMLAttributes } from 'react'
import type { QueryClient } from '@shopwright/client'
import type { LocaleChoice } from '@shopwright/client'
import type { SignedInAccount } from '../shared/page.js'

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean
}

export interface Navigation {
  /** The current address: path and query. */
  href: string
  /** True while the next page's record loads (a theme shows a spinner). */
  loading: boolean
  /** Goes to a local address without reloading the page (a full load for unknown ones). */
  navigate(href: string, options?: NavigateOptions): void
}

export const NavigationContext = createContext<Navigation>({
  href: '/',
  loading: false,
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

/** The page's `/query` client and the signed-in visitor, for screens that call the API. */
export interface StorefrontSession {
  client: QueryClient
  account: SignedInAccount | null
  /** The locale choice the page was rendered with (its cookie), or null before one was made. */
  locale: LocaleChoice | null
}

export const SessionContext = createContext<StorefrontSession | null>(null)

/** The `/query` client and who is signed in. */
export function useSession(): StorefrontSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession() outside the storefront')
  return session
}
