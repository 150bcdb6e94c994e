import type { PageProps } from '@shopwright/storefront/shared'
import { DocumentView } from './DocumentView.js'

/** `/order/:id?key=`: the order an order link opens, for whoever holds it (no account). */
export const OrderByLink = ({ params, props }: PageProps) => (
  <section className="sw-order-link">
    <DocumentView kind="salesorder" id={params.id ?? ''} linkKey={props.key ?? ''} />
  </section>
)
