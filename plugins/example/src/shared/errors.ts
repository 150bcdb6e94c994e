import { defineErrors } from '@shopwright/core/shared'

/**
 * The example plugin's own error codes, merged into the catalogue at boot (docs/plugins.md, "Error
 * codes"). Codes every plugin shares (access, input, a missing record) are core's or the records
 * plugin's. Browser-safe: the admin screen imports this file, so it shows the message in English
 * without asking the server.
 */
export const EXAMPLE_ERRORS = defineErrors({
  ERROR_ANNOUNCEMENT_EXPIRED: { message: 'This announcement has ended.', status: 410 },
})
