import type { PhraseTable } from '../phrase-table.js'

/** The translation editor's own phrases (src/admin), part of the `admin` set. */
export const adminTranslationsPhrases: PhraseTable = {}
