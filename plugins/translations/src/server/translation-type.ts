/** The record type of the sets; its records are `translation/<set id>`. */
export const TRANSLATION_TYPE = 'translation'
