import type { PageProps } from '@shopwright/storefront/shared'
import { DocumentView } from './DocumentView.js'

/** `/account/invoice/:id`: one of the account's invoices. */
export const Invoice = ({ params }: PageProps) => (
  <DocumentView kind="invoice" id={params.id ?? ''} />
)
