import type { PhraseCatalogue } from '../phrase-table.js'
import fr from './server.fr.json' with { type: 'json' }

/**
 * The French messages of the error catalogue (`ERROR_MESSAGES` in @shopwright/core/shared), by
 * code; the US English texts are the catalogue's own, so the set has no `server.en-us.json`. Every
 * code has one (phrases.test.ts), with the same `{0}` placeholders. French typography puts a
 * no-break space (`\u00a0`) before : ; ? and inside « », so no sign starts a line.
 *
 * server.fr.json keeps them in groups, each from the code in brackets: server error codes
 * (ERROR_ACCESS_DENIED); the not-available codes (ERROR_ADDRESS_NOT_AVAILABLE); files and folders
 * (ERROR_FILE_ALREADY_EXISTS); plugin codes (ERROR_BODY_EXPECTED); input codes
 * (ERROR_INVALID_DECIMAL); password rules and hints (ERROR_PASSWORD_TOO_SHORT); translation CSV
 * import (ERROR_CSV_FILE_TYPE); Shopwright's server-side codes (ERROR_QUERY_NOT_FOUND); machine
 * translation (ERROR_TRANSLATE_NOT_CONFIGURED); the memory plugin (ERROR_MEMORY_TYPE_UNKNOWN); the
 * sessions plugin (ERROR_TRACKING_BUSY).
 */
export const serverFrench: PhraseCatalogue = fr
