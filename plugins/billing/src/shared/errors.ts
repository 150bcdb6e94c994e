import { defineErrors } from '@shopwright/core/shared'

/**
 * The billing plugin's error code, merged into the catalogue at boot. ERROR_BILLING_NOT_AVAILABLE
 * is the Billing screen's title when a month cannot be loaded, and the details call's answer for a
 * month whose figures cannot be read (a month still to come, or a failure other than a lost
 * connection). Browser-safe: the screen imports this file for the English message.
 */
export const BILLING_ERRORS = defineErrors({
  ERROR_BILLING_NOT_AVAILABLE: { message: 'Unable to View Billing.', status: 404 },
})
