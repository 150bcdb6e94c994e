import type { PageProps } from '@shopwright/storefront/shared'
import { DocumentList } from './DocumentList.js'

/** `/account/orders`: the account's orders. */
export const Orders = ({ props }: PageProps) => <DocumentList kind="salesorder" props={props} />
