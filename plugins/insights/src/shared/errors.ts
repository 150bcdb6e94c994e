import { defineErrors } from '@shopwright/core/shared'

/**
 * The insights plugin's error codes, merged into the catalogue at boot.
 * ERROR_INSIGHTS_NOT_AVAILABLE is the screens' title when their figures cannot be loaded; refusals
 * are core's codes (400 input, 401, 403). Browser-safe: the screens import it for the English.
 */
export const INSIGHTS_ERRORS = defineErrors({
  ERROR_INSIGHTS_NOT_AVAILABLE: { message: 'Unable to View Insights.', status: 404 },
})
