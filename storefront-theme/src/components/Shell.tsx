import type { ShellProps } from '@shopwright/storefront/shared'
import { useNavigation, useSession, useT } from '@shopwright/storefront/react'
import { AlertProvider } from './Alert.js'
import { MenuBar } from './MenuBar.js'
import { ContactBlock } from './ContactBlock.js'
import { SiteContext } from './site.js'
import { LocaleLink } from './LocaleLink.js'
import { CartLink } from './CartLink.js'
import { LocaleProvider } from './locale.js'

/** The header menu of spec 000 section 2, when the site has no `menu/header` record: phrases, as a menu record's labels. */
const DEFAULT_MENU = [
  { id: 'home', href: '/', label: 'Home' },
  { id: 'about', href: '/about', label: 'About' },
  { id: 'contact', href: '/contact', label: 'Contact' },
  { id: 'locale', href: '/locale', label: 'Locale' },
]

/** Header (logo, menu, sign-in), the page, and the footer. */
export function Shell({ site, menus, children }: ShellProps) {
  const { account } = useSession()
  const { loading } = useNavigation()
  const t = useT()
  return (
    <SiteContext.Provider value={site}>
      <LocaleProvider site={site}>
        <AlertProvider>
          <header className="sw-header">
            <a className="sw-logo" href="/">
              {site.name}
            </a>
            <MenuBar items={menus.header ?? DEFAULT_MENU} label={t('Menu')} className="sw-menu" />
            <CartLink />
            <LocaleLink />
            {account ? (
              <a className="sw-account-link" href="/account" data-testid="account-link">
                <img
                  src={`/query/account/image/get/${account.type}/${account.id}`}
                  alt=""
                  width={28}
                  height={28}
                />
                {account.name}
              </a>
            ) : (
              <a className="sw-login-link" href="/login" data-testid="login-link">
                {t('Login')}
              </a>
            )}
          </header>
          {menus.navigation?.length ? (
            <MenuBar items={menus.navigation} label={t('Navigation')} className="sw-navigation" />
          ) : null}
          {/* The page's content loads on a client navigation: a spinner over the page (spec 000 section 2). */}
          <main className="sw-main" aria-busy={loading}>
            {loading ? (
              <div className="sw-spinner" role="progressbar" aria-label={t('Loading')} />
            ) : null}
            {children}
          </main>
          <footer className="sw-footer">
            {site.location ? <ContactBlock location={site.location} /> : <p>{site.name}</p>}
            {menus.footer?.length ? (
              <MenuBar items={menus.footer} label={t('Footer')} className="sw-footer-menu" />
            ) : null}
          </footer>
        </AlertProvider>
      </LocaleProvider>
    </SiteContext.Provider>
  )
}
