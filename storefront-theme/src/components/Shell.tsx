import type { ShellProps } from '@shopwright/storefront/shared'

/** The header menu of spec 000 section 2. */
const MENU = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/locale', label: 'Locale' },
]

/** Header (logo, menu, sign-in), the page, and the footer. */
export function Shell({ site, children }: ShellProps) {
  return (
    <>
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
        <a className="sw-login-link" href="/login">
          Login
        </a>
      </header>
      <main className="sw-main">{children}</main>
      <footer className="sw-footer">
        <p>{site.name}</p>
      </footer>
    </>
  )
}
