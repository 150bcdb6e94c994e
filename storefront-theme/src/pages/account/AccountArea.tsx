import type { ComponentType, ReactNode } from 'react'
import type { Translate } from '@shopwright/core/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, useSession, useT } from '@shopwright/storefront/react'
import { Login } from '../Login.js'
import { ProfileProvider, useProfile } from './profile.js'

/** The account menu (spec 000 section 2). */
const menu = (t: Translate) => [
  { href: '/account', label: t('Overview') },
  { href: '/account/manage', label: t('Manage') },
  { href: '/account/orders', label: t('Orders') },
  { href: '/account/invoices', label: t('Invoices') },
  { href: '/account/addressbook', label: t('Address Book') },
  { href: '/account/creditcards', label: t('Credit Cards') },
]

/** The menu entry a path belongs to: `/account/order/7` is under Orders. */
function currentEntry(path: string, hrefs: readonly string[]): string | undefined {
  const plural = (href: string) => href.replace(/(s|book)$/, '')
  return (
    hrefs.find((href) => href === path) ??
    hrefs.find((href) => href !== '/account' && path.startsWith(plural(href)))
  )
}

function Frame({ children }: { children: ReactNode }) {
  const { client } = useSession()
  const { href } = useNavigation()
  const t = useT()
  const entries = menu(t)
  const current = currentEntry(
    href.split('?')[0] ?? '',
    entries.map((item) => item.href),
  )
  return (
    <div className="sw-account">
      <nav aria-label={t('Account menu')} className="sw-account-menu">
        {entries.map((item) => (
          <a
            key={item.href}
            href={item.href}
            aria-current={item.href === current ? 'page' : undefined}
          >
            {item.label}
          </a>
        ))}
        <button
          type="button"
          className="sw-link-button"
          data-testid="logout"
          onClick={() =>
            void client.post('/account/logout', {}).finally(() => window.location.assign('/'))
          }
        >
          {t('Logout')}
        </button>
      </nav>
      <div className="sw-account-page">{children}</div>
    </div>
  )
}

function Gate({ children }: { children: ReactNode }) {
  const { state } = useProfile()
  const t = useT()
  if (state.status === 'loading') return <p className="sw-muted">{t('Loading...')}</p>
  // A profile that cannot be read shows access denied (spec 000 section 4).
  if (state.status === 'error')
    return (
      <section role="alert">
        <h1>{t('ERROR_ACCESS_DENIED')}</h1>
      </section>
    )
  return <>{children}</>
}

/**
 * Wraps an account screen: signed-in visitors get the account menu and the screen once their
 * profile loads; anyone else gets the login, which comes back here.
 */
export function accountScreen(Screen: ComponentType<PageProps>): ComponentType<PageProps> {
  function AccountScreen(props: PageProps) {
    const { account } = useSession()
    const { href } = useNavigation()
    // Not signed in: the login, which brings the visitor back to this address.
    if (!account) return <Login {...props} props={{ ...props.props, next: href }} />
    return (
      <ProfileProvider>
        <Frame>
          <Gate>
            <Screen {...props} />
          </Gate>
        </Frame>
      </ProfileProvider>
    )
  }
  return AccountScreen
}
