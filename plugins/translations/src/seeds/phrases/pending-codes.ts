/**
 * English messages of the spec's codes whose plugins are not written yet (commerce's cart and
 * orders; spec 000 section 8). The server set
 * carries them so both apps can show them; each plugin, once written, declares its codes with
 * `defineErrors` and its entries leave this table (docs/plugins.md, "Error codes").
 */
export const PENDING_CODE_MESSAGES: Readonly<Record<string, string>> = {
  ERROR_CARTLINE_NOT_AVAILABLE: 'This item cannot be purchased.',
  ERROR_CARTLINE_NOT_FOUND: 'The cart line could not be found.',
  ERROR_CART_NOT_AVAILABLE: 'Unable to View Cart.',
  ERROR_CATEGORY_NOT_AVAILABLE: 'Unable to View Category.',
  ERROR_INVOICE_NOT_AVAILABLE: 'Unable to View Invoice.',
  ERROR_INVOICES_NOT_AVAILABLE: 'Unable to View Invoices.',
  ERROR_ITEM_NOT_AVAILABLE: 'Unable to View Item.',
  ERROR_ITEMS_NOT_AVAILABLE: 'Unable to View Items.',
  ERROR_ORDER_NOT_AVAILABLE: 'Unable to View Order.',
  ERROR_ORDERS_NOT_AVAILABLE: 'Unable to View Orders.',
}
