/**
 * English messages of the spec's codes whose plugins are not written yet (commerce's cart and
 * orders, drive's files, log, sessions, billing, insights; spec 000 section 8). The server set
 * carries them so both apps can show them; each plugin, once written, declares its codes with
 * `defineErrors` and its entries leave this table (docs/plugins.md, "Error codes").
 */
export const PENDING_CODE_MESSAGES: Readonly<Record<string, string>> = {
  ERROR_CARTLINE_NOT_AVAILABLE: 'This item cannot be purchased.',
  ERROR_CARTLINE_NOT_FOUND: 'The cart line could not be found.',
  ERROR_RATE_LIMIT_EXCEEDED:
    'Drive limit exceeded. Reduce the rate of create, update, and delete requests.',
  ERROR_CART_NOT_AVAILABLE: 'Unable to View Cart.',
  ERROR_CATEGORY_NOT_AVAILABLE: 'Unable to View Category.',
  ERROR_FILES_NOT_AVAILABLE: 'Unable to View Files.',
  ERROR_INVOICE_NOT_AVAILABLE: 'Unable to View Invoice.',
  ERROR_INVOICES_NOT_AVAILABLE: 'Unable to View Invoices.',
  ERROR_ITEM_NOT_AVAILABLE: 'Unable to View Item.',
  ERROR_ITEMS_NOT_AVAILABLE: 'Unable to View Items.',
  ERROR_LOG_NOT_AVAILABLE: 'Unable to View Log.',
  ERROR_ORDER_NOT_AVAILABLE: 'Unable to View Order.',
  ERROR_ORDERS_NOT_AVAILABLE: 'Unable to View Orders.',
  ERROR_SESSION_NOT_AVAILABLE: 'Unable to View Session.',
  ERROR_SESSIONS_NOT_AVAILABLE: 'Unable to View Sessions.',
  ERROR_BILLING_NOT_AVAILABLE: 'Unable to View Billing.',
  ERROR_INSIGHTS_NOT_AVAILABLE: 'Unable to View Insights.',
  ERROR_FILE_ALREADY_EXISTS: 'A file with this name already exists.',
  ERROR_FOLDER_ALREADY_EXISTS: 'A folder with this name already exists.',
  ERROR_FILE_NOT_FOUND: 'The file could not be found.',
  ERROR_FOLDER_NOT_FOUND: 'The folder could not be found.',
  ERROR_INVALID_FILE_NAME:
    'A file name is required, must contain a dot and cannot contain / \\ , or line breaks.',
  ERROR_INVALID_FOLDER_NAME:
    'A folder name is required, cannot contain a dot and cannot contain / \\ , or line breaks.',
}
