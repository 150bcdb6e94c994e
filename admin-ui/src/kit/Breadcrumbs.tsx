import { Link } from 'react-router'
import { useT } from './i18n.js'

export interface Crumb {
  label: string
  to?: string
}

/** The trail above a screen (Data > Customer > Ada): every crumb but the last is a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT()
  return (
    <nav className="sw-breadcrumbs" aria-label={t('Breadcrumbs')}>
      {items.map((item, index) => (
        <span key={`${index}-${item.label}`}>
          {index > 0 ? <span className="sw-breadcrumb-separator"> › </span> : null}
          {item.to && index < items.length - 1 ? (
            <Link to={item.to}>{item.label}</Link>
          ) : (
            <span>{item.label}</span>
          )}
        </span>
      ))}
    </nav>
  )
}
