import { useEffect, useState } from 'react'
import type { ShellProps } from '@shopwright/storefront/shared'
import { ADMIN_HOME } from '@shopwright/core/shared'
import { useNavigation, useSession, useT } from '@shopwright/storefront/react'
import { mdiMagnify, mdiMenu, mdiViewDashboardOutline } from '@mdi/js'
import { useHydrated } from '../lib/hydrated.js'
import { AlertProvider } from './Alert.js'
import { MenuBar } from './MenuBar.js'
import { ContactBlock } from './ContactBlock.js'
import { SiteContext } from './site.js'
import { LocaleLink } from './LocaleLink.js'
import { CartLink } from './CartLink.js'
import { LocaleProvider } from './locale.js'
import { CategoriesProvider, useCategories } from './categories.js'
import { useDrawer } from './Drawer.js'
import { CloseButton } from './CloseButton.js'
import { Icon } from './Icon.js'
import { SearchBox } from './SearchBox.js'

/**
 * The header menu (Home, About, Contact, Locale) when the site has no `menu/header` record:
 * phrases, as a menu record's labels.
 */
const DEFAULT_MENU = [
  { id: 'home', href: '/', label: 'Home' },
  { id: 'about', href: '/about', label: 'About' },
  { id: 'contact', href: '/contact', label: 'Contact' },
  { id: 'locale', href: '/locale', label: 'Locale' },
]

/** The shop's categories as links (the header's navigation row, the drawer, the footer). */
function CategoryLinks({ className, label }: { className: string; label: string }) {
  const categories = useCategories()
  const { href } = useNavigation()
  return (
    <nav className={className} aria-label={label}>
      {(categories ?? []).map((category) => {
        const to = `/category/${encodeURIComponent(category.id)}`
        return (
          <a
            key={category.id}
            href={to}
            aria-current={href.split('?')[0] === to ? 'page' : undefined}
            data-testid="category-link"
          >
            {category.name}
          </a>
        )
      })}
    </nav>
  )
}

/** The logo: a mark and the site's name, linking home. */
function Logo({ name, className = 'sw-logo' }: { name: string; className?: string }) {
  return (
    <a className={className} href="/">
      <svg className="sw-logo-mark" viewBox="0 0 32 32" width={30} height={30} aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path
          d="M9 21.5c1.6 1.3 3.8 2 6.2 2 3.4 0 5.8-1.7 5.8-4.3 0-5.6-10.6-3.4-10.6-7.9 0-1.6 1.6-2.8 4.1-2.8 1.8 0 3.4.5 4.7 1.4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span>{name}</span>
    </a>
  )
}

/** The header search's id: its form, and its input `sw-search-input`. */
const HEADER_SEARCH = 'sw-search'

/**
 * The header's search on a phone, where the bar has no room for the box: a button that shows it
 * in a row under the bar (and puts the cursor in it), or before the page's code runs, a link to
 * the search page, whose own box works without it. Wide screens show the box in the bar.
 */
function SearchToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useT()
  const hydrated = useHydrated()
  if (!hydrated)
    return (
      <a className="sw-search-toggle" href="/search" aria-label={t('Search')}>
        <Icon path={mdiMagnify} />
      </a>
    )
  return (
    <button
      type="button"
      className="sw-icon-button sw-search-toggle"
      aria-label={t('Search')}
      aria-expanded={open}
      aria-controls={HEADER_SEARCH}
      id={`${HEADER_SEARCH}-toggle`}
      onClick={onToggle}
      data-testid="search-toggle"
    >
      <Icon path={mdiMagnify} />
    </button>
  )
}

/** Header (logo, search, sign-in or account, locale, cart; the categories and menu, a drawer on phones), the page, and the footer. */
function Frame({ site, menus, children }: ShellProps) {
  const { account } = useSession()
  const { href, loading } = useNavigation()
  const drawer = useDrawer()
  const t = useT()
  const hasShop = site.modules.includes('cart')
  // The phone's search row: shown by its button, gone again on the next page.
  const [searching, setSearching] = useState(false)
  useEffect(() => setSearching(false), [href])
  useEffect(() => {
    if (searching) document.getElementById(`${HEADER_SEARCH}-input`)?.focus()
  }, [searching])
  return (
    <>
      <a
        className="sw-skip"
        href="#sw-main"
        onClick={(event) => {
          // A jump within the page, not a navigation.
          event.preventDefault()
          document.getElementById('sw-main')?.focus()
        }}
      >
        {t('Skip to content')}
      </a>
      <header className="sw-header">
        <div className="sw-container sw-header-bar">
          <button
            ref={drawer.button}
            type="button"
            className="sw-menu-button"
            aria-expanded={drawer.open}
            aria-controls="sw-drawer"
            aria-label={t('Menu')}
            onClick={drawer.toggle}
            data-testid="menu-button"
          >
            <Icon path={mdiMenu} />
          </button>
          <Logo name={site.name} />
          {hasShop ? (
            <SearchBox
              id={HEADER_SEARCH}
              className={searching ? 'sw-header-search sw-header-search-open' : 'sw-header-search'}
              onDismiss={() => {
                if (!searching) return
                setSearching(false)
                document.getElementById(`${HEADER_SEARCH}-toggle`)?.focus()
              }}
            />
          ) : null}
          <div className="sw-header-tools">
            {hasShop ? (
              <SearchToggle open={searching} onToggle={() => setSearching((shown) => !shown)} />
            ) : null}
            <LocaleLink />
            {account?.admin ? (
              // Staff (view on the admin gate) go to the admin from any page of the shop.
              <a className="sw-admin-link" href={ADMIN_HOME} data-testid="admin-link">
                <Icon path={mdiViewDashboardOutline} />
                <span className="sw-admin-link-label">{t('Admin')}</span>
              </a>
            ) : null}
            {account ? (
              <a className="sw-account-link" href="/account" data-testid="account-link">
                <img
                  src={`/query/account/image/get/${account.type}/${account.id}`}
                  alt=""
                  width={28}
                  height={28}
                />
                <span className="sw-account-name">{account.name}</span>
              </a>
            ) : (
              <>
                <a className="sw-login-link" href="/login" data-testid="login-link">
                  {t('Login')}
                </a>
                <a className="sw-register-link" href="/register" data-testid="register-link">
                  {t('Sign up')}
                </a>
              </>
            )}
            <CartLink />
          </div>
        </div>
        <div
          id="sw-drawer"
          className={drawer.open ? 'sw-drawer sw-drawer-is-open' : 'sw-drawer'}
          data-testid="drawer"
        >
          <div className="sw-drawer-panel" ref={drawer.panel}>
            <div className="sw-drawer-head">
              <strong>{site.name}</strong>
              <CloseButton onClick={drawer.close} testId="drawer-close" />
            </div>
            <div className="sw-container sw-nav-row">
              {menus.navigation?.length ? (
                <MenuBar
                  items={menus.navigation}
                  label={t('Navigation')}
                  className="sw-categories"
                />
              ) : hasShop ? (
                <CategoryLinks className="sw-categories" label={t('Shop')} />
              ) : null}
              <MenuBar items={menus.header ?? DEFAULT_MENU} label={t('Menu')} className="sw-menu" />
            </div>
          </div>
          <div className="sw-drawer-backdrop" onClick={drawer.close} aria-hidden="true" />
        </div>
      </header>
      {/* The page's content loads on a client navigation: a spinner over the page. */}
      <main id="sw-main" className="sw-main sw-container" tabIndex={-1} aria-busy={loading}>
        {loading ? (
          <div className="sw-spinner" role="progressbar" aria-label={t('Loading')} />
        ) : null}
        {children}
      </main>
      <footer className="sw-footer">
        <div className="sw-container sw-footer-grid">
          <div className="sw-footer-about">
            <Logo name={site.name} className="sw-footer-logo" />
            {site.location ? <ContactBlock location={site.location} /> : null}
          </div>
          {hasShop ? (
            <div>
              <h2 className="sw-footer-title">{t('Shop')}</h2>
              <CategoryLinks className="sw-footer-links" label={t('Shop')} />
            </div>
          ) : null}
          <div>
            <h2 className="sw-footer-title">{t('Information')}</h2>
            <MenuBar
              items={menus.footer?.length ? menus.footer : (menus.header ?? DEFAULT_MENU)}
              label={t('Footer')}
              className="sw-footer-links"
            />
          </div>
        </div>
        <p className="sw-container sw-footer-base">{site.name}</p>
      </footer>
    </>
  )
}

/** The shell: the site's settings, the locale, the categories and the dialogs for every page. */
export function Shell(props: ShellProps) {
  return (
    <SiteContext.Provider value={props.site}>
      <LocaleProvider site={props.site}>
        <CategoriesProvider>
          <AlertProvider>
            <Frame {...props} />
          </AlertProvider>
        </CategoriesProvider>
      </LocaleProvider>
    </SiteContext.Provider>
  )
}
