import {
  DashboardCard,
  DashboardFigure,
  shownError,
  useLanguage,
  useQueryData,
  useT,
} from '@shopwright/admin-ui/kit'
import type { OrdersSummary, SalesFigure } from '../../shared/orders.js'
import { money } from '../orders/order-format.js'

/**
 * The dashboard's "Orders" card (plugins/commerce/README.md, "Dashboard"): today's and the last 7
 * days' orders and sales in each currency the shop sold in, and the orders waiting to ship, each
 * figure linking to the orders list it counts.
 */
export default function OrdersCard() {
  const t = useT()
  const { language } = useLanguage()
  const { data, error, loading } = useQueryData<OrdersSummary>('/orders/summary')
  // One amount per currency sold in: dollars and euros are never added together.
  const sales = (figures: readonly SalesFigure[]) =>
    figures.length === 0
      ? '–'
      : figures.map((figure) => money(figure.total, figure.currency, language)).join(' · ')
  const count = (figures: readonly SalesFigure[]) =>
    figures.reduce((sum, figure) => sum + figure.count, 0).toLocaleString(language)
  return (
    <DashboardCard
      title="Orders"
      icon="cart"
      to="/orders"
      loading={loading}
      error={error ? shownError(error, t).message : null}
      data-testid="orders-card"
    >
      {data ? (
        <div className="sw-dashboard-figures">
          <DashboardFigure
            label="Orders today"
            value={count(data.today)}
            data-testid="orders-today"
          />
          <DashboardFigure
            label="Sales today"
            value={sales(data.today)}
            data-testid="sales-today"
          />
          <DashboardFigure
            label="Orders, last 7 days"
            value={count(data.week)}
            data-testid="orders-week"
          />
          <DashboardFigure
            label="Sales, last 7 days"
            value={sales(data.week)}
            data-testid="sales-week"
          />
          <DashboardFigure
            label="To fulfil"
            value={data.toFulfil.toLocaleString(language)}
            to="/orders?filter=toFulfil"
            data-testid="orders-to-fulfil"
          />
          <DashboardFigure
            label="Partly shipped"
            value={data.partlyShipped.toLocaleString(language)}
            to="/orders?filter=partlyShipped"
            data-testid="orders-partly-shipped"
          />
        </div>
      ) : null}
    </DashboardCard>
  )
}
