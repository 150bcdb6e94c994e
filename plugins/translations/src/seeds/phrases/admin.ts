import type { PhraseTable } from '../phrase-table.js'

/** The `admin` set's phrases (see sets.ts for who shows them). */
export const adminPhrases: PhraseTable = {}
