import { Link } from 'react-router'
import {
  DashboardCard,
  shownError,
  useLanguage,
  useQueryData,
  useT,
} from '@shopwright/admin-ui/kit'
import type { LowStockAnswer } from '../../shared/orders.js'
import './dashboard.css'

/**
 * The dashboard's "Low stock" card (plugins/commerce/README.md, "Dashboard"): the items with the
 * fewest units left to sell at or under their threshold, by name, each linking to its record.
 */
export default function LowStockCard() {
  const t = useT()
  const { language } = useLanguage()
  const { data, error, loading } = useQueryData<LowStockAnswer>('/orders/lowstock')
  return (
    <DashboardCard
      title="Low stock"
      icon="package"
      to="/data/item"
      loading={loading}
      error={error ? shownError(error, t).message : null}
      data-testid="low-stock-card"
    >
      {data && data.count === 0 ? (
        <p className="sw-muted" data-testid="low-stock-empty">
          {t('No item is low on stock.')}
        </p>
      ) : null}
      {data && data.count > 0 ? (
        <>
          <ul className="sw-low-stock" data-testid="low-stock-items">
            {data.items.map((item) => (
              <li key={item.id}>
                <Link to={`/data/item/${encodeURIComponent(item.id)}`}>{item.name}</Link>
                <span className={item.available === 0 ? 'sw-low-stock-out' : 'sw-muted'}>
                  {item.available === 0
                    ? t('Sold out')
                    : t('{0} left', item.available.toLocaleString(language))}
                </span>
              </li>
            ))}
          </ul>
          {data.count > data.items.length ? (
            <p className="sw-muted" data-testid="low-stock-more">
              {t('{0} items in all', data.count.toLocaleString(language))}
            </p>
          ) : null}
        </>
      ) : null}
    </DashboardCard>
  )
}
