import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES, type PluginDefinition } from '@shopwright/core'
import account from '@shopwright/plugin-account'
import records from '@shopwright/plugin-records'
import drive from '@shopwright/plugin-drive'
import sessions from '@shopwright/plugin-sessions'
import log from '@shopwright/plugin-log'
import billing from '@shopwright/plugin-billing'
import insights from '@shopwright/plugin-insights'
import commerce from '@shopwright/plugin-commerce'
import translations from '@shopwright/plugin-translations'

/*
 * The error codes every site answers with, and their English messages; each must exist in exactly
 * one place: core's catalogue, a built-in plugin's `errors` (docs/architecture.md, "Errors").
 */

// The codes and their messages, word for word: clients and translations rely on them.
const SPEC_000: Record<string, string> = {
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
  ERROR_INVALID_ID: 'An id can only contain A-Z, a-z, 0-9, - and _.',
  ERROR_PASSWORD_TOO_SHORT: 'Your password must be at least 6 characters long.',
  ERROR_PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  ERROR_CSV_FILE_TYPE: 'The file must be a comma-separated values file (.csv).',
  ERROR_CSV_EMPTY: 'The file is empty or not formatted correctly.',
  ERROR_CSV_COLUMN_NOT_FOUND: "Unable to find column '{0}' in the file.",
  ERROR_CSV_NO_LANGUAGE_COLUMNS: 'Unable to find any language columns in the file.',
}

// Codes both specs name without a message; they must exist.
const NAMED_CODES = [
  'ERROR_INVALID_DECIMAL',
  'ERROR_INVALID_INTEGER',
  'ERROR_INVALID_FILE_NAME',
  'ERROR_INVALID_FOLDER_NAME',
  'ERROR_PAGE_NOT_AVAILABLE',
  'ERROR_RECORDS_NOT_AVAILABLE',
  'ERROR_RECORD_NOT_AVAILABLE',
  'ERROR_RECORDTYPES_NOT_AVAILABLE',
  'ERROR_LOG_NOT_AVAILABLE',
  'ERROR_FILES_NOT_AVAILABLE',
  'ERROR_FILE_NOT_FOUND',
  'ERROR_ADDRESSBOOK_NOT_AVAILABLE',
  'ERROR_CREDITCARDS_NOT_AVAILABLE',
  'ERROR_CREDITCARD_NOT_AVAILABLE',
  'ERROR_INVOICES_NOT_AVAILABLE',
  'ERROR_INVOICE_NOT_AVAILABLE',
  'ERROR_ORDERS_NOT_AVAILABLE',
  'ERROR_ORDER_NOT_AVAILABLE',
  'ERROR_SESSIONS_NOT_AVAILABLE',
  'ERROR_SESSION_NOT_AVAILABLE',
  'ERROR_BILLING_NOT_AVAILABLE',
  'ERROR_INSIGHTS_NOT_AVAILABLE',
  'ERROR_ADDRESS_NOT_AVAILABLE',
  'ERROR_CART_NOT_AVAILABLE',
  'ERROR_CATEGORY_NOT_AVAILABLE',
  'ERROR_ITEM_NOT_AVAILABLE',
  'ERROR_ITEMS_NOT_AVAILABLE',
  'ERROR_FILE_ALREADY_EXISTS',
  'ERROR_FOLDER_ALREADY_EXISTS',
  'ERROR_FOLDER_NOT_FOUND',
  'ERROR_BODY_EXPECTED',
  'ERROR_FRAGMENT_ID_EXPECTED',
  'ERROR_INCORRECT_KEY',
  'ERROR_KEY_NOT_SET',
  'ERROR_PARAMETER_EXPECTED',
  'ERROR_PERMISSION_DENIED',
]

const PLUGINS: readonly PluginDefinition[] = [
  records,
  account,
  translations,
  drive,
  sessions,
  log,
  insights,
  billing,
  commerce,
]

/** Where a code is declared, with its English message. */
function declarations(code: string): Array<{ where: string; message: string }> {
  const found: Array<{ where: string; message: string }> = []
  if (Object.hasOwn(ERROR_MESSAGES, code))
    found.push({ where: 'core', message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] })
  for (const plugin of PLUGINS) {
    const declared = plugin.errors?.[code]
    if (declared) found.push({ where: plugin.name, message: declared.message })
  }
  return found
}

describe("the spec's error codes", () => {
  it.each(Object.entries(SPEC_000))(
    '%s is declared once, with the spec message',
    (code, message) => {
      const found = declarations(code)
      expect(
        found.map((each) => each.where),
        code,
      ).toHaveLength(1)
      expect(found[0]!.message).toBe(message)
    },
  )

  it.each(NAMED_CODES)('%s is declared once, with a message', (code) => {
    const found = declarations(code)
    expect(
      found.map((each) => each.where),
      code,
    ).toHaveLength(1)
    expect(found[0]!.message.length).toBeGreaterThan(3)
  })

  it('keeps "Unable to View ..." and 404 for every not-available code a plugin declares', () => {
    const codes = PLUGINS.flatMap((plugin) =>
      Object.entries(plugin.errors ?? {}).filter(
        ([code]) =>
          code.endsWith('_NOT_AVAILABLE') &&
          // The spec words these two otherwise: a list missing, an item that cannot be bought (409).
          code !== 'ERROR_LIST_NOT_AVAILABLE' &&
          code !== 'ERROR_CARTLINE_NOT_AVAILABLE',
      ),
    )
    expect(codes.length).toBeGreaterThanOrEqual(8)
    for (const [code, declared] of codes) {
      expect(declared.message, code).toMatch(/^Unable to View .+\.$/)
      expect(declared.status, code).toBe(404)
    }
  })
})
