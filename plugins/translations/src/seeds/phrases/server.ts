/**
 * The French messages of the error catalogue (`ERROR_MESSAGES` in @shopwright/core/shared), by
 * code; the US English texts are the catalogue's own.
 */
export const serverFrench: Readonly<Record<string, string>> = {}
