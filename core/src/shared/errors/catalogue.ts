/**
 * Core's error catalogue: the codes every plugin and both apps need (access, input, connection, the
 * request's own failures), with their English messages. A code one plugin owns is declared by
 * that plugin with `defineErrors` and merged in at boot (docs/plugins.md, "Error codes"). Browser-safe: no imports.
 * The client translates a code through the `server` translation set; these English texts are the
 * fallback. `{0}` marks a value filled in by `formatError`.
 */
export const ERROR_MESSAGES = {
  // Server error codes every client knows.
  ERROR_ACCESS_DENIED: 'Access Denied.',
  ERROR_CHECKBOX_REQUIRED: 'This is required.',
  ERROR_DATA_CONNECTION: 'Connection failed.',
  ERROR_INVALID_EMAIL: 'Invalid email address.',
  ERROR_INPUT_VALUE_REQUIRED: 'A value is required.',
  ERROR_SELECT_VALUE_REQUIRED: 'A selection is required.',
  ERROR_PASSWORD_VALUE_REQUIRED: 'A password is required.',
  ERROR_JSON_FORMAT: 'The response from the server was not in the expected format.',
  ERROR_PAGE_NOT_FOUND: 'Page not Found.',
  ERROR_POST_NOT_FOUND: 'Unable to post data.',
  ERROR_PERMISSION_TYPE: 'You do not have {0} permission.',
  ERROR_PERMISSION_DELETE: 'permission to delete missing',
  ERROR_UNABLE_TO_RENDER: 'Unable to render.',

  // The not-available codes ('Unable to View ...'): a screen's title when its load fails. The
  // others are their plugins'.
  ERROR_PAGE_NOT_AVAILABLE: 'Unable to View Page.',

  // File and folder codes: the drive plugin's (plugins/drive/src/shared/errors.ts).

  // Plugin codes: a missing body, fragment id or parameter, a wrong or missing key, a refusal.
  ERROR_BODY_EXPECTED: 'A request body is expected.',
  ERROR_FRAGMENT_ID_EXPECTED: 'A fragment id is expected.',
  ERROR_INCORRECT_KEY: 'The key is incorrect.',
  ERROR_KEY_NOT_SET: 'The key is not set.',
  ERROR_PARAMETER_EXPECTED: 'A parameter is expected.',
  ERROR_PERMISSION_DENIED: 'Permission denied.',

  // Input codes (field-rules.ts, ids.ts).
  ERROR_INVALID_DECIMAL: 'A decimal number is required.',
  ERROR_INVALID_INTEGER: 'A whole number is required.',
  ERROR_INVALID_ID: 'An id can only contain A-Z, a-z, 0-9, - and _.',

  // Password rules and hints (@shopwright/client's validation.ts): at least 6 characters; the hints are advice only.
  ERROR_PASSWORD_TOO_SHORT: 'Your password must be at least 6 characters long.',
  ERROR_PASSWORDS_DO_NOT_MATCH: 'Passwords do not match.',
  ERROR_PASSWORD_ADVICE_LENGTH: 'Use 10 or more characters.',
  ERROR_PASSWORD_ADVICE_LOWERCASE: 'Include a lowercase letter.',
  ERROR_PASSWORD_ADVICE_UPPERCASE: 'Include an uppercase letter.',
  ERROR_PASSWORD_ADVICE_NUMBER: 'Include a number.',
  ERROR_PASSWORD_ADVICE_SPECIAL: 'Include a special character.',

  // Translation CSV import: the translations plugin's (plugins/translations/src/shared/errors.ts).

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
  ERROR_WRITE_CONFLICT:
    'Another change to the same data was saved at the same moment, so this one was not. Try again.',
} as const

/** A code of core's catalogue. */
export type CoreErrorCode = keyof typeof ERROR_MESSAGES

/**
 * Every code a server may answer, by name: core's, and those each plugin adds by augmentation
 * (`declare module '@shopwright/core' { interface ErrorCodes extends ErrorCodesOf<typeof errors> {} }`),
 * so `createError` accepts a plugin's code where the plugin's types are in scope, and no other.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged by plugins' augmentations
export interface ErrorCodes extends Record<CoreErrorCode, true> {}

/** A code of the catalogue: core's or an installed plugin's. */
export type ErrorCode = keyof ErrorCodes & string

/** How every code is written: the shape, not a closed list, since plugins bring their own. */
const CODE_SHAPE = /^ERROR_[A-Z0-9]+(?:_[A-Z0-9]+)*$/

/** True when the text has a catalogue code's shape (`ERROR_` and upper-case words). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODE_SHAPE.test(value)
}

/** True for a code of core's own catalogue. */
export function isCoreErrorCode(value: unknown): value is CoreErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value)
}

/** What a plugin declares for one of its codes: the English message and the HTTP status. */
export interface ErrorDefinition {
  message: string
  status: number
}

/** The codes plugins declared, filled in as their modules load (defineErrors). */
const pluginErrors = new Map<string, ErrorDefinition>()

/** Makes a plugin's code known to formatError and statusOf; core's codes cannot be redefined. */
export function addPluginError(code: string, definition: ErrorDefinition): void {
  if (!isCoreErrorCode(code)) pluginErrors.set(code, definition)
}

/** What a plugin declared for a code, if a loaded plugin declared it. */
export function pluginErrorOf(code: string): ErrorDefinition | undefined {
  return pluginErrors.get(code)
}

/** The English message of a code (core's, or one a loaded plugin declared), else undefined. */
export function errorMessageOf(code: string): string | undefined {
  return isCoreErrorCode(code) ? ERROR_MESSAGES[code] : pluginErrors.get(code)?.message
}

/** The English message of a code with `{0}`, `{1}`... filled in; an unknown code shows as written. */
export function formatError(code: string, ...values: Array<string | number>): string {
  return (errorMessageOf(code) ?? code).replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}
