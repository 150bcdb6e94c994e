import { pluginErrorOf, type CoreErrorCode } from './catalogue.js'

/**
 * The HTTP status each code answers with when the server throws it without naming one.
 * Codes not listed are input errors (400).
 */
const STATUS: Partial<Record<CoreErrorCode, number>> = {
  ERROR_ACCESS_DENIED: 403,
  ERROR_PERMISSION_TYPE: 403,
  ERROR_PERMISSION_DELETE: 403,
  ERROR_PERMISSION_DENIED: 403,
  ERROR_DEVICE_REQUIRED: 403,
  ERROR_NOT_SIGNED_IN: 401,
  ERROR_PAGE_NOT_FOUND: 404,
  ERROR_QUERY_NOT_FOUND: 404,
  ERROR_POST_NOT_FOUND: 404,
  ERROR_METHOD_NOT_ALLOWED: 405,
  ERROR_BODY_TOO_LARGE: 413,
  ERROR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERROR_TOO_MANY_REQUESTS: 429,
  ERROR_WRITE_CONFLICT: 409,
  ERROR_DATA_CONNECTION: 503,
  ERROR_NOT_READY: 503,
  ERROR_SERVER_STOPPING: 503,
  ERROR_INTERNAL: 500,
  ERROR_UNABLE_TO_RENDER: 500,
}

/** The default HTTP status of a code: core's table, else what its plugin declared. */
export function statusOf(code: string): number {
  const status = Object.hasOwn(STATUS, code) ? STATUS[code as CoreErrorCode] : undefined
  if (status !== undefined) return status
  const declared = pluginErrorOf(code)?.status
  if (declared !== undefined) return declared
  return code.endsWith('_NOT_AVAILABLE') ? 404 : 400
}
