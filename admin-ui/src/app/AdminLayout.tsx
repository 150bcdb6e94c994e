import { Suspense, useEffect } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { menuOf, type AdminModule } from '../registry/index.js'
import { Button } from '../kit/Button.js'
import { ErrorBoundary } from '../kit/ErrorBoundary.js'
import { ErrorView } from '../kit/ErrorView.js'
import { Icon } from '../kit/Icon.js'
import { closeAllPopups } from '../kit/Popup.js'
import { useT } from '../kit/i18n.js'
import { LanguagePicker } from './LanguagePicker.js'
import { loadPage } from './page-load.js'
import { useAccess, useSession } from './session.js'
import './styles/layout.css'

/**
 * The admin frame: header, the menu of the plugins' panels (each entry only with view access on
 * its security record), and the current panel inside an error boundary. Nobody signed in goes to
 * /login, which brings them back here.
 */
export function AdminLayout({ modules }: { modules: readonly AdminModule[] }) {
  const t = useT()
  const location = useLocation()
  const { state, logout } = useSession()
  const menu = menuOf(modules)
  const flags = useAccess(menu.flatMap((entry) => (entry.security ? [entry.security] : [])))

  // The router's navigations fire no popstate: popups close here (spec 000 section 4, "Popups").
  useEffect(() => closeAllPopups(), [location.pathname])

  // A full page load, not a route change: the server decides who answers /login (the storefront
  // theme's sign-in, or the admin's own screen when the theme has none).
  useEffect(() => {
    if (state.status === 'signed-out')
      loadPage(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      })
  }, [state.status, location.pathname, location.search])

  if (state.status === 'error')
    return <ErrorView title="ERROR_DATA_CONNECTION" error={state.error} />
  if (state.status !== 'signed-in') return null
  const { identity } = state
  const visible = menu.filter((entry) => !entry.security || flags?.[entry.security]?.view === true)

  return (
    <div className="sw-admin">
      <header className="sw-admin-header">
        <a href="/" className="sw-admin-logo">
          Shopwright
        </a>
        <div className="sw-admin-account">
          <LanguagePicker />
          {identity.image ? <img src={identity.image} alt="" width={28} height={28} /> : null}
          <span data-testid="account-name">{identity.name}</span>
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
      <nav className="sw-admin-menu" aria-label={t('Admin menu')}>
        {flags === null
          ? null
          : visible.map((entry) => (
              <NavLink
                key={entry.to}
                to={entry.to}
                end={entry.to === '/data'}
                data-testid={`menu-${entry.label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                <Icon name={entry.icon} size={18} /> {t(entry.label)}
              </NavLink>
            ))}
      </nav>
      <main className="sw-admin-main">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p className="sw-muted">{t('Loading')}</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  )
}
