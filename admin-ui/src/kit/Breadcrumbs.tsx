import { Link } from 'react-router'
import { useDocumentTitle } from './document-title.js'
import { useT } from './i18n.js'

export interface Crumb {
  label: string
  to?: string
}

/**
 * The trail above a screen (Data > Customer > Ada): every crumb but the last is a link. The trail
 * also names the document, most particular first (`Ada · Customer · Data`).
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT()
  useDocumentTitle(...items.map((item) => item.label).reverse())
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
