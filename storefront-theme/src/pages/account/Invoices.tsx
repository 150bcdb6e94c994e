import type { PageProps } from '@shopwright/storefront/shared'
import { DocumentList } from './DocumentList.js'

/** `/account/invoices`: the account's invoices. */
export const Invoices = ({ props }: PageProps) => <DocumentList kind="invoice" props={props} />
