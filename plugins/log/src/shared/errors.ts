import { defineErrors } from '@shopwright/core/shared'

/**
 * The log plugin's error codes, merged into the catalogue at boot.
 * ERROR_LOG_NOT_AVAILABLE is the Log screen's title when its lines cannot be loaded; the server's
 * own refusals are core's codes (400 input, 401, 403). Browser-safe: the screen imports this file
 * for the English message.
 */
export const LOG_ERRORS = defineErrors({
  ERROR_LOG_NOT_AVAILABLE: { message: 'Unable to View Log.', status: 404 },
})
