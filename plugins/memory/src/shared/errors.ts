import { defineErrors } from '@shopwright/core/shared'

/**
 * The memory plugin's own error codes, merged into the catalogue at boot. Browser-safe: the admin
 * screen imports this file, so it shows the message in English without asking the server.
 */
export const MEMORY_ERRORS = defineErrors({
  ERROR_MEMORY_TYPE_UNKNOWN: {
    message:
      'There is no memory type {0}. The types are recordtype, html, css, script, configuration, access, session, cart, website and misc.',
    status: 400,
  },
})
