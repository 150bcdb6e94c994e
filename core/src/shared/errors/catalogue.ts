/**
 * The error catalogue: every code of spec 000 section 8 and spec 001 section 8 with its English message,
 * plus the codes Shopwright adds for the server side the specs do not describe. Browser-safe: no imports.
 * The client translates a code through the `server` translation set; these English texts are the fallback.
 * `{0}` marks a value filled in by `formatError`.
 */
export const ERROR_MESSAGES = {
  // Spec 000 section 8: server error codes.
  ERROR_ACCESS_DENIED: 'Access Denied.',
  ERROR_ACCOUNT_RESET_EXPIRED: 'Your reset code has expired.',
  ERROR_ACCOUNT_RESET_REQUIRED: 'Your password needs to be reset.',
  ERROR_CARTLINE_NOT_AVAILABLE: 'This item cannot be purchased.',
  ERROR_CARTLINE_NOT_FOUND: 'The cart line could not be found.',
  ERROR_CHECKBOX_REQUIRED: 'This is required.',
  ERROR_DATA_CONNECTION: 'Connection failed.',
  ERROR_DEVICE_BLOCKED: 'This device has been blocked from accessing this site.',
  ERROR_EMAIL_NOT_FOUND: 'Email not found.',
  ERROR_INVALID_EMAIL: 'Invalid email address.',
  ERROR_IMPORT_FILE_TYPE: 'Only .zip and .json files are allowed.',
  ERROR_INPUT_VALUE_REQUIRED: 'A value is required.',
  ERROR_SELECT_VALUE_REQUIRED: 'A selection is required.',
  ERROR_PASSWORD_VALUE_REQUIRED: 'A password is required.',
  ERROR_RECORDTYPE_REQUIRED: 'Record Type is Required.',
  ERROR_JSON_FORMAT: 'The response from the server was not in the expected format.',
  ERROR_LIST_NOT_AVAILABLE: 'The list could not be found.',
  ERROR_PAGE_NOT_FOUND: 'Page not Found.',
  ERROR_POST_NOT_FOUND: 'Unable to post data.',
  ERROR_RATE_LIMIT_EXCEEDED:
    'Drive limit exceeded. Reduce the rate of create, update, and delete requests.',
  ERROR_RECORD_ALREADY_EXISTS: 'The record already exists.',
  ERROR_PERMISSION_TYPE: 'You do not have {0} permission.',
  ERROR_PERMISSION_DELETE: 'permission to delete missing',
  ERROR_UNABLE_TO_RENDER: 'Unable to render.',

  // Spec 000 section 8 and spec 001 section 8: the not-available codes ('Unable to View ...').
  ERROR_ADDRESS_NOT_AVAILABLE: 'Unable to View Address.',
  ERROR_ADDRESSBOOK_NOT_AVAILABLE: 'Unable to View Address Book.',
  ERROR_CART_NOT_AVAILABLE: 'Unable to View Cart.',
  ERROR_CATEGORY_NOT_AVAILABLE: 'Unable to View Category.',
  ERROR_CREDITCARD_NOT_AVAILABLE: 'Unable to View Credit Card.',
  ERROR_CREDITCARDS_NOT_AVAILABLE: 'Unable to View Credit Cards.',
  ERROR_FILES_NOT_AVAILABLE: 'Unable to View Files.',
  ERROR_INVOICE_NOT_AVAILABLE: 'Unable to View Invoice.',
  ERROR_INVOICES_NOT_AVAILABLE: 'Unable to View Invoices.',
  ERROR_ITEM_NOT_AVAILABLE: 'Unable to View Item.',
  ERROR_ITEMS_NOT_AVAILABLE: 'Unable to View Items.',
  ERROR_LOG_NOT_AVAILABLE: 'Unable to View Log.',
  ERROR_ORDER_NOT_AVAILABLE: 'Unable to View Order.',
  ERROR_ORDERS_NOT_AVAILABLE: 'Unable to View Orders.',
  ERROR_PAGE_NOT_AVAILABLE: 'Unable to View Page.',
  ERROR_RECORD_NOT_AVAILABLE: 'Unable to View Record.',
  ERROR_RECORDS_NOT_AVAILABLE: 'Unable to View Records.',
  ERROR_RECORDTYPES_NOT_AVAILABLE: 'Unable to View Record Types.',
  ERROR_SESSION_NOT_AVAILABLE: 'Unable to View Session.',
  ERROR_SESSIONS_NOT_AVAILABLE: 'Unable to View Sessions.',
  ERROR_BILLING_NOT_AVAILABLE: 'Unable to View Billing.',
  ERROR_INSIGHTS_NOT_AVAILABLE: 'Unable to View Insights.',

  // File and folder codes (spec 000 section 8, spec 001 sections 8 and 5).
  ERROR_FILE_ALREADY_EXISTS: 'A file with this name already exists.',
  ERROR_FOLDER_ALREADY_EXISTS: 'A folder with this name already exists.',
  ERROR_FILE_NOT_FOUND: 'The file could not be found.',
  ERROR_FOLDER_NOT_FOUND: 'The folder could not be found.',
  ERROR_INVALID_FILE_NAME:
    'A file name is required, must contain a dot and cannot contain / \\ , or line breaks.',
  ERROR_INVALID_FOLDER_NAME:
    'A folder name is required, cannot contain a dot and cannot contain / \\ , or line breaks.',

  // Plugin codes (spec 000 section 8).
  ERROR_BODY_EXPECTED: 'A request body is expected.',
  ERROR_FRAGMENT_ID_EXPECTED: 'A fragment id is expected.',
  ERROR_INCORRECT_KEY: 'The key is incorrect.',
  ERROR_KEY_NOT_SET: 'The key is not set.',
  ERROR_PARAMETER_EXPECTED: 'A parameter is expected.',
  ERROR_PERMISSION_DENIED: 'Permission denied.',

  // Input codes (spec 000 section 5).
  ERROR_INVALID_DECIMAL: 'A decimal number is required.',
  ERROR_INVALID_INTEGER: 'A whole number is required.',
  ERROR_INVALID_ID: 'An id can only contain A-Z, a-z, 0-9, - and _.',

  // Password rules and hints (spec 000 section 5).
  ERROR_PASSWORD_TOO_SHORT: 'Your password must be at least 6 characters long.',
  ERROR_PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  ERROR_PASSWORD_ADVICE_LENGTH: 'Use 10 or more characters.',
  ERROR_PASSWORD_ADVICE_LOWERCASE: 'Include a lowercase letter.',
  ERROR_PASSWORD_ADVICE_UPPERCASE: 'Include an uppercase letter.',
  ERROR_PASSWORD_ADVICE_NUMBER: 'Include a number.',
  ERROR_PASSWORD_ADVICE_SPECIAL: 'Include a special character.',

  // Translation CSV import (spec 000 section 5).
  ERROR_CSV_FILE_TYPE: 'The file must be a comma-separated values file (.csv).',
  ERROR_CSV_EMPTY: 'The file is empty or not formatted correctly.',
  ERROR_CSV_COLUMN_NOT_FOUND: "Unable to find column '{0}' in the file.",
  ERROR_CSV_NO_LANGUAGE_COLUMNS: 'Unable to find any language columns in the file.',

  // Shopwright's server-side codes: the specs describe only the client, so these are ours.
  ERROR_QUERY_NOT_FOUND: 'The requested call does not exist.',
  ERROR_METHOD_NOT_ALLOWED: 'This call does not accept that method. Changes must be sent as POST.',
  ERROR_DEVICE_REQUIRED: 'The request has no Device header.',
  ERROR_JSON_BODY: 'The request body is not valid JSON.',
  ERROR_BODY_TOO_LARGE: 'The request body is too large.',
  ERROR_UNSUPPORTED_MEDIA_TYPE: 'The request body type is not supported.',
  ERROR_INVALID_INPUT: 'The request is not valid.',
  ERROR_NOT_SIGNED_IN: 'You need to sign in.',
  ERROR_TOO_MANY_REQUESTS: 'Too many requests. Please wait and try again.',
  ERROR_INTERNAL: 'Something went wrong on the server.',
  ERROR_NOT_READY: 'The server is starting and not ready yet.',
  ERROR_SERVER_STOPPING: 'The server is stopping, so the rest was not done. Try again in a moment.',
  ERROR_IMAGE_TYPE: 'The file must be a PNG, JPEG, GIF, WebP or SVG image.',
  ERROR_IMAGE_NOT_AVAILABLE: 'Unable to View Image.',

  // Machine translation (POST /query/translate/{from}/{to}): no provider, or one that failed.
  ERROR_TRANSLATE_NOT_CONFIGURED:
    'Machine translation is not set up: the server needs TRANSLATE_URL.',
  ERROR_TRANSLATE_FAILED: 'The translation service did not answer as expected.',
  ERROR_TRANSLATE_TIMEOUT: 'The translation service did not answer in time.',
  ERROR_TRANSLATION_NOT_AVAILABLE: 'Unable to View Translation.',
} as const

/** Every catalogue code. */
export type ErrorCode = keyof typeof ERROR_MESSAGES

/** True when the text is a catalogue code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value)
}

/** The English message of a code with `{0}`, `{1}`... filled in. */
export function formatError(code: ErrorCode, ...values: Array<string | number>): string {
  return ERROR_MESSAGES[code].replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}

/**
 * Titles of the dialogs that show a server message (spec 000 and 001 section 8).
 * They are UI text, translated through the `admin`/`store` sets, kept here so both apps agree.
 */
export const ERROR_DIALOG_TITLES = [
  'Unable to Login',
  'Unable to Send Email',
  'Unable to Reset Password',
  'Unable to Restore',
  'Unable to Empty',
  'Unable to Delete',
  'Unable to Duplicate',
  'Unable to Import',
  'Unable to Translate',
  'Unable to Create',
  'Unable to Add',
  'Unable to Clear',
  'Unable to Create File',
  'Unable to Create Folder',
  'Unable to Upload',
  'Unable to Rename File',
  'Unable to Rename Folder',
  'Unable to Save',
  'Unable to Update',
  'Unable to Continue',
  'Unable to Select',
  'Unable to Generate Image',
  'Error',
] as const

/** Confirmation questions of both specs. */
export const CONFIRMATIONS = {
  deleteRecords: 'Are you sure you want to delete these records?',
  deleteRecord: 'Are you sure you want to delete this record?',
  emptyBin: 'Empty the bin?',
  clearTranslations: 'Clear these translations?',
  clearLog: 'Are you sure you want to clear the log?',
  deleteFiles: 'Are you sure you want to delete these files?',
  deleteFile: 'Are you sure you want to delete this file?',
  deleteAddress: 'Are you sure you want to delete this address?',
  deleteCreditCard: 'Are you sure you want to delete this credit card?',
  clearSessions: 'Are you sure you want to clear all sessions?',
  clearMemory: 'Are you sure you want to continue?',
} as const
