import { defineErrors } from '@shopwright/core/shared'

/**
 * The translations plugin's own error codes, merged into the catalogue at boot (docs/plugins.md, "Error
 * codes"); codes every plugin shares (access, input, connection) are core's. Browser-safe: the
 * plugin's admin screens import it, so they show these messages in English without a server.
 */
export const TRANSLATIONS_ERRORS = defineErrors({
  ERROR_CSV_FILE_TYPE: {
    message: 'The file must be a comma-separated values file (.csv).',
    status: 415,
  },
  ERROR_CSV_EMPTY: { message: 'The file is empty or not formatted correctly.', status: 400 },
  ERROR_CSV_COLUMN_NOT_FOUND: { message: "Unable to find column '{0}' in the file.", status: 400 },
  ERROR_CSV_NO_LANGUAGE_COLUMNS: {
    message: 'Unable to find any language columns in the file.',
    status: 400,
  },
  ERROR_TRANSLATE_NOT_CONFIGURED: {
    message: 'Machine translation is not set up: the server needs TRANSLATE_URL.',
    status: 501,
  },
  ERROR_TRANSLATE_FAILED: {
    message: 'The translation service did not answer as expected.',
    status: 502,
  },
  ERROR_TRANSLATE_TIMEOUT: {
    message: 'The translation service did not answer in time.',
    status: 504,
  },
  ERROR_TRANSLATION_NOT_AVAILABLE: { message: 'Unable to View Translation.', status: 404 },
})
