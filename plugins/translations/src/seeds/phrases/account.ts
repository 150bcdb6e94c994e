import type { PhraseTable } from '../phrase-table.js'

/** The `account` set's phrases (see sets.ts for who shows them). */
export const accountPhrases: PhraseTable = {}
