import { Link, useOutletContext } from 'react-router'
import { Icon } from '../kit/Icon.js'
import { useDocumentTitle } from '../kit/document-title.js'
import { useT } from '../kit/i18n.js'
import type { ShownMenu } from './AdminLayout.js'
import './styles/home.css'

/**
 * The admin's root (`/admin`): a card for every screen the signed-in user may open (the menu's
 * entries their rights show, with what each is for), so someone new sees at once where things are.
 */
export function AdminHome() {
  const t = useT()
  const { menu } = useOutletContext<ShownMenu>()
  useDocumentTitle(t('Admin home'))
  return (
    <section className="sw-admin-home" data-testid="admin-home">
      <h1>{t('Admin home')}</h1>
      <p className="sw-muted">{t('What you may open.')}</p>
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
