/** The record type of the translation sets (the server's TRANSLATION_TYPE; its code is Node-only). */
export const TRANSLATION_TYPE = 'translation'
