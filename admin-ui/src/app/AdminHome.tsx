import { Suspense, useEffect, useState, type ComponentType } from 'react'
import { Link, useOutletContext } from 'react-router'
import { dashboardOf, loaderOf, type AdminModule } from '../registry/index.js'
import { DashboardCard } from '../kit/DashboardCard.js'
import { ErrorBoundary } from '../kit/ErrorBoundary.js'
import { Icon } from '../kit/Icon.js'
import { useDocumentTitle } from '../kit/document-title.js'
import { useT } from '../kit/i18n.js'
import type { ShownMenu } from './AdminLayout.js'
import { useAccess } from './session.js'
import './styles/home.css'

/**
 * The admin's root (`/admin`), where staff land (docs/admin.md, "Dashboard"): the cards the running
 * plugins add (sales, orders to send, live visitors, the last changes), each only with view access
 * on its security record and each loading and failing on its own; then a card for every screen
 * the user may open, so someone new sees at once where things are.
 */
export function AdminHome({ modules = [] }: { modules?: readonly AdminModule[] }) {
  const t = useT()
  const { menu } = useOutletContext<ShownMenu>()
  useDocumentTitle(t('Admin home'))
  const cards = dashboardOf(modules)
  const loaded = useCardCode(modules)
  const flags = useAccess(cards.flatMap((card) => (card.security ? [card.security] : [])))
  const shown = flags
    ? cards.filter((card) => !card.security || flags[card.security]?.view === true)
    : []
  return (
    <section className="sw-admin-home" data-testid="admin-home">
      <h1>{t('Admin home')}</h1>
      {shown.length > 0 ? (
        <div className="sw-dashboard" data-testid="dashboard">
          {shown.map((card) => (
            <div
              key={`${card.plugin}-${card.id}`}
              className={card.size === 'wide' ? 'sw-dashboard-wide' : undefined}
              data-testid={`card-${card.plugin}-${card.id}`}
            >
              <ErrorBoundary>
                <CardBody card={card} loaded={loaded} />
              </ErrorBoundary>
            </div>
          ))}
        </div>
      ) : null}
      <h2 className="sw-admin-home-screens">{t('What you may open.')}</h2>
      <ul className="sw-admin-home-cards">
        {menu.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className="sw-admin-home-card" data-testid={`home-${entry.to}`}>
              <Icon name={entry.icon} size={28} />
              <span>
                <strong>{t(entry.label)}</strong>
                {entry.description ? <span>{t(entry.description)}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

type Card = ReturnType<typeof dashboardOf>[number]
const keyOf = (card: Card) => `${card.plugin}-${card.id}`
const LOADING = <DashboardCard title="Loading" icon="refresh" loading />

/**
 * Every card's code, fetched as the home mounts, beside its access call rather than after it
 * (registry/lazy-card.ts): each component by its card's key once in, `failed` for one that did not
 * load (drawn through Suspense, whose boundary then shows the error).
 */
function useCardCode(
  modules: readonly AdminModule[],
): ReadonlyMap<string, ComponentType | 'failed'> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ComponentType | 'failed'>>(new Map())
  useEffect(() => {
    let live = true
    for (const card of dashboardOf(modules)) {
      const load = loaderOf(card.Component)
      if (!load) continue
      const settle = (code: ComponentType | 'failed') => {
        if (live) setLoaded((before) => new Map(before).set(keyOf(card), code))
      }
      load().then(
        (component) => settle(component),
        () => settle('failed'),
      )
    }
    return () => {
      live = false
    }
  }, [modules])
  return loaded
}

/**
 * A card's content: its component once its code is in; a loading card while a preloaded card's
 * code comes; a plain `lazy` card, or one whose code failed, through Suspense.
 */
function CardBody({
  card,
  loaded,
}: {
  card: Card
  loaded: ReadonlyMap<string, ComponentType | 'failed'>
}) {
  const code = loaded.get(keyOf(card))
  if (code !== undefined && code !== 'failed') {
    const Loaded = code
    return <Loaded />
  }
  if (code === undefined && loaderOf(card.Component)) return LOADING
  return (
    <Suspense fallback={LOADING}>
      <card.Component />
    </Suspense>
  )
}
