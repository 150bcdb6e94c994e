import { defineErrors } from '@shopwright/core/shared'

/**
 * The sessions plugin's error codes, merged into the catalogue at boot. Browser-safe: the admin
 * screens import this file for the English messages.
 */
export const SESSIONS_ERRORS = defineErrors({
  ERROR_SESSIONS_NOT_AVAILABLE: { message: 'Unable to View Sessions.', status: 404 },
  ERROR_SESSION_NOT_AVAILABLE: { message: 'Unable to View Session.', status: 404 },
  ERROR_TRACKING_BUSY: {
    message: 'Too many tracked pages are waiting to be stored. Try again in a moment.',
    status: 503,
  },
})
