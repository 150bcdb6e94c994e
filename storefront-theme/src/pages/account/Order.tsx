import type { PageProps } from '@shopwright/storefront/shared'
import { DocumentView } from './DocumentView.js'

/** `/account/order/:id`: one of the account's orders. */
export const Order = ({ params }: PageProps) => (
  <DocumentView kind="salesorder" id={params.id ?? ''} />
)
