import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { menuOf, type AdminModule, type MenuEntry } from '../registry/index.js'
import { Button } from '../kit/Button.js'
import { documentTitle } from '../kit/document-title.js'
import { ErrorBoundary } from '../kit/ErrorBoundary.js'
import { ErrorView } from '../kit/ErrorView.js'
import { Icon } from '../kit/Icon.js'
import { closeAllPopups } from '../kit/Popup.js'
import { SiteSettingsContext } from '../kit/site-settings.js'
import { useT } from '../kit/i18n.js'
import { LanguagePicker } from './LanguagePicker.js'
import { loadPage } from './page-load.js'
import { useAccess, useSession } from './session.js'
import { useLoadedSiteSettings } from './site-settings-load.js'
import './styles/layout.css'

/** The admin's own root: its home, the screens the user may open (the hashed files live below it). */
export const ADMIN_ROOT = '/admin'

/** A menu entry as the layout shows it: with where it leads. */
export type ShownEntry = MenuEntry & { to: string; security?: string }

/** What the layout hands its screens (react-router's outlet context): the menu the user sees. */
export interface ShownMenu {
  menu: readonly ShownEntry[]
}

/**
 * The entry whose address the path is, or lies deepest below: the screen's name when it gives none,
 * and the one menu entry highlighted (docs/admin.md, "Addresses and titles"): on `/insights/live` that is Live
 * Insights, not Insights as well, as a prefix match of each entry would have it.
 */
export function entryOf(menu: readonly ShownEntry[], path: string): ShownEntry | undefined {
  let best: ShownEntry | undefined
  for (const entry of menu)
    if (
      (path === entry.to || path.startsWith(`${entry.to}/`)) &&
      entry.to.length > (best?.to.length ?? -1)
    )
      best = entry
  return best
}

/**
 * The admin frame: header, the menu of the plugins' panels (each entry only with view access on
 * its security record), and the current panel inside an error boundary. Nobody signed in goes to
 * /login, which brings them back here. Under 768 px the menu is a drawer behind a menu button;
 * while it is open the rest of the page is inert, and Escape or a choice closes it.
 */
export function AdminLayout({ modules }: { modules: readonly AdminModule[] }) {
  const t = useT()
  const location = useLocation()
  const { state, logout } = useSession()
  const menu = menuOf(modules)
  const flags = useAccess(menu.flatMap((entry) => (entry.security ? [entry.security] : [])))
  const [drawer, setDrawer] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  const settings = useLoadedSiteSettings(state.status === 'signed-in')

  // The router's navigations fire no popstate: popups close here (any navigation closes them).
  useEffect(() => {
    closeAllPopups()
    setDrawer(false)
  }, [location.pathname])

  // A full page load, not a route change: the server decides who answers /login (the storefront
  // theme's sign-in, or the admin's own screen when the theme has none).
  useEffect(() => {
    if (state.status === 'signed-out')
      loadPage(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      })
  }, [state.status, location.pathname, location.search])

  // Each navigation names the document after its menu entry first; a screen's own title (set by
  // its effects, which run after this layout effect) then replaces it. When the rights arrive
  // later, the entry's name is put in only if no screen has named the document meanwhile.
  const visible = menu.filter((entry) => !entry.security || flags?.[entry.security]?.view === true)
  const current = entryOf(visible, location.pathname)
  const fallback = current?.label
  const admin = t('Shopwright admin')
  const suffix = settings?.titleSuffix ?? ''
  const named = useRef({ path: '', title: '' })
  useLayoutEffect(() => {
    const title = documentTitle(fallback ? [t(fallback)] : [], admin, suffix)
    const { path, title: ours } = named.current
    if (path === location.pathname && document.title !== ours) return
    named.current = { path: location.pathname, title }
    document.title = title
    // `admin` changes with the language, `suffix` once the site's settings are read: the entry's
    // name is put again, unless a screen named the document (its own effect, after this one,
    // names it again with both).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, fallback, admin, suffix])

  // The open drawer takes the focus, Escape closes it and gives the focus back to its button. The
  // focus moves on the next frame: in the click's own commit the button it leaves turns inert, and
  // Chromium then dropped the focus the effect had just given (the browser suite's phone drawer).
  useEffect(() => {
    if (!drawer) return
    const frame = requestAnimationFrame(() =>
      nav.current?.querySelector<HTMLElement>('a, button')?.focus(),
    )
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setDrawer(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('keydown', onKey)
    }
  }, [drawer])

  if (state.status === 'error')
    return <ErrorView title="ERROR_DATA_CONNECTION" error={state.error} />
  if (state.status !== 'signed-in') return null
  const { identity } = state

  return (
    <SiteSettingsContext.Provider value={settings}>
      <div className={drawer ? 'sw-admin sw-admin-drawer-open' : 'sw-admin'}>
        <header className="sw-admin-header" inert={drawer || undefined}>
          <button
            ref={menuButton}
            type="button"
            className="sw-admin-menu-button"
            aria-expanded={drawer}
            aria-controls="sw-admin-menu"
            aria-label={t('Admin menu')}
            onClick={() => setDrawer((open) => !open)}
            data-testid="admin-menu-button"
          >
            <Icon name="menu" />
          </button>
          <NavLink to={ADMIN_ROOT} className="sw-admin-logo" data-testid="admin-logo">
            Shopwright
          </NavLink>
          <div className="sw-admin-account">
            <a href="/" className="sw-admin-shop" data-testid="shop-link">
              <Icon name="cart" /> <span className="sw-narrow-hidden">{t('Shop')}</span>
            </a>
            <LanguagePicker />
            {identity.image ? <img src={identity.image} alt="" width={28} height={28} /> : null}
            <span className="sw-narrow-hidden" data-testid="account-name">
              {identity.name}
            </span>
            <Button
              icon="logout"
              // Signed out, the layout's effect takes the browser to /login (next: where it was).
              onClick={() => void logout()}
              data-testid="logout"
            >
              {t('Logout')}
            </Button>
          </div>
        </header>
        <nav id="sw-admin-menu" ref={nav} className="sw-admin-menu" aria-label={t('Admin menu')}>
          {flags === null
            ? null
            : visible.map((entry) => (
                // A plain link: NavLink would mark every entry whose address prefixes the path.
                <Link
                  key={entry.to}
                  to={entry.to}
                  className={entry === current ? 'active' : undefined}
                  aria-current={entry === current ? 'page' : undefined}
                  data-testid={`menu-${entry.label.toLowerCase().replace(/\s+/g, '-')}`}
                >
                  <Icon name={entry.icon} size={18} /> {t(entry.label)}
                </Link>
              ))}
        </nav>
        <div
          className="sw-admin-backdrop"
          aria-hidden="true"
          onClick={() => setDrawer(false)}
          data-testid="admin-menu-backdrop"
        />
        <main className="sw-admin-main" inert={drawer || undefined}>
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<p className="sw-muted">{t('Loading')}</p>}>
              <Outlet context={{ menu: visible } satisfies ShownMenu} />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </SiteSettingsContext.Provider>
  )
}
