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
  ERROR_SIGNUP_CLOSED: { message: 'This shop does not take new accounts.', status: 403 },
  ERROR_SIGNUP_CONSENT_REQUIRED: {
    message: 'Please accept the terms and the privacy policy.',
    status: 400,
  },
  ERROR_SIGNUP_FORM_EXPIRED: {
    message: 'This form has expired. Reload the page and try again.',
    status: 400,
  },
  ERROR_SIGNUP_TOO_FAST: {
    message: 'That was quick! Please check the form and send it again.',
    status: 400,
  },
  ERROR_ACCOUNT_VERIFY_INVALID: {
    message: 'This confirmation link has expired or was used already.',
    status: 410,
  },
  ERROR_POSTAL_CODE_INVALID: {
    message: 'This postal code does not fit the country’s format.',
    status: 400,
  },
  ERROR_ACCOUNT_NOT_VERIFIED: {
    message: 'Confirm your e-mail address first: we sent you a link.',
    status: 403,
  },
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
