import type { ReactNode } from 'react'
import type { Translate } from '@shopwright/client'
import { useNavigation, useSession, useT } from '@shopwright/storefront/react'

/** The account menu: an entry for each screen of the account area. */
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

/** The account area around a screen: the menu, the current screen's entry marked, and Logout. */
export function AccountFrame({ children }: { children: ReactNode }) {
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
