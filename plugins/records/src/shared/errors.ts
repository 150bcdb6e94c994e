import { defineErrors } from '@shopwright/core/shared'

/**
 * The records plugin's own error codes, merged into the catalogue at boot (docs/plugins.md, "Error
 * codes"); codes every plugin shares (access, input, connection) are core's. Browser-safe: the
 * plugin's admin screens import it, so they show these messages in English without a server.
 */
export const RECORDS_ERRORS = defineErrors({
  ERROR_IMPORT_FILE_TYPE: { message: 'Only .zip and .json files are allowed.', status: 400 },
  ERROR_RECORDTYPE_REQUIRED: { message: 'Record Type is Required.', status: 400 },
  ERROR_LIST_NOT_AVAILABLE: { message: 'The list could not be found.', status: 404 },
  ERROR_RECORD_NOT_AVAILABLE: { message: 'Unable to View Record.', status: 404 },
  ERROR_RECORDS_NOT_AVAILABLE: { message: 'Unable to View Records.', status: 404 },
  ERROR_RECORDTYPES_NOT_AVAILABLE: { message: 'Unable to View Record Types.', status: 404 },
  ERROR_NO_PAGE_FOR_RECORD: { message: 'No page of the site shows this record.', status: 404 },
  ERROR_RECORD_ALREADY_EXISTS: { message: 'The record already exists.', status: 409 },
})
