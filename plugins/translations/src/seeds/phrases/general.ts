import type { PhraseTable } from '../phrase-table.js'

/** The `general` set's phrases (see sets.ts for who shows them). */
export const generalPhrases: PhraseTable = {}
