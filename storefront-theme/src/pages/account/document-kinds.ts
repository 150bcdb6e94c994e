import type { Translate } from '@shopwright/client'

/** The record types of the customer's documents (commerce's `salesorder` and `invoice`). */
export type Kind = 'salesorder' | 'invoice'

/** What the screens of one kind say: titles, empty and failure texts, the list's path. */
export interface Words {
  title: string
  empty: string
  failed: string
  path: string
  missing: string
  heading(id: string): string
}

/** What the screens of each kind say, in the current language. */
export const words = (t: Translate): Record<Kind, Words> => ({
  salesorder: {
    title: t('Orders'),
    empty: t('You have no orders yet.'),
    failed: t('ERROR_ORDERS_NOT_AVAILABLE'),
    path: '/account/order',
    missing: t('ERROR_ORDER_NOT_AVAILABLE'),
    heading: (id) => t('Order {0}', id),
  },
  invoice: {
    title: t('Invoices'),
    empty: t('You have no invoices yet.'),
    failed: t('ERROR_INVOICES_NOT_AVAILABLE'),
    path: '/account/invoice',
    missing: t('ERROR_INVOICE_NOT_AVAILABLE'),
    heading: (id) => t('Invoice {0}', id),
  },
})
