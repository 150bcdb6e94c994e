import type { ShellProps } from '@shopwright/storefront/shared'
import { useSession } from '@shopwright/storefront/react'
import { AlertProvider } from './Alert.js'
import { ContactBlock } from './ContactBlock.js'
import { SiteContext } from './site.js'
import { LocaleLink } from './LocaleLink.js'
import { LocaleProvider } from './locale.js'

/** The header menu of spec 000 section 2. */
const MENU = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/locale', label: 'Locale' },
]

/** Header (logo, menu, sign-in), the page, and the footer. */
export function Shell({ site, children }: ShellProps) {
  const { account } = useSession()
  return (
    <SiteContext.Provider value={site}>
      <LocaleProvider site={site}>
        <AlertProvider>
          <header className="sw-header">
            <a className="sw-logo" href="/">
              {site.name}
            </a>
            <nav aria-label="Menu" className="sw-menu">
              {MENU.map((item) => (
                <a key={item.href} href={item.href}>
                  {item.label}
                </a>
              ))}
            </nav>
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
                Login
              </a>
            )}
          </header>
          <main className="sw-main">{children}</main>
          <footer className="sw-footer">
            {site.location ? <ContactBlock location={site.location} /> : <p>{site.name}</p>}
          </footer>
        </AlertProvider>
      </LocaleProvider>
    </SiteContext.Provider>
  )
}
