import { defineErrors } from '@shopwright/core/shared'

/**
 * The account plugin's own error codes, merged into the catalogue at boot (docs/plugins.md, "Error
 * codes"); codes every plugin shares (access, input, connection) are core's. Browser-safe: the
 * plugin's admin screens import it, so they show these messages in English without a server.
 */
export const ACCOUNT_ERRORS = defineErrors({
  ERROR_ACCOUNT_RESET_EXPIRED: { message: 'Your reset code has expired.', status: 410 },
  ERROR_ACCOUNT_RESET_REQUIRED: { message: 'Your password needs to be reset.', status: 403 },
  ERROR_DEVICE_BLOCKED: {
    message: 'This device has been blocked from accessing this site.',
    status: 403,
  },
  ERROR_EMAIL_NOT_FOUND: { message: 'Email not found.', status: 404 },
  ERROR_IMAGE_TYPE: {
    message: 'The file must be a PNG, JPEG, GIF, WebP or SVG image.',
    status: 415,
  },
  ERROR_IMAGE_NOT_AVAILABLE: { message: 'Unable to View Image.', status: 404 },
  ERROR_ADDRESS_NOT_AVAILABLE: { message: 'Unable to View Address.', status: 404 },
  ERROR_ADDRESSBOOK_NOT_AVAILABLE: { message: 'Unable to View Address Book.', status: 404 },
  ERROR_CREDITCARD_NOT_AVAILABLE: { message: 'Unable to View Credit Card.', status: 404 },
  ERROR_CREDITCARDS_NOT_AVAILABLE: { message: 'Unable to View Credit Cards.', status: 404 },
})
