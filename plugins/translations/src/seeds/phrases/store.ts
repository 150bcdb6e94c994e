import type { PhraseTable } from '../phrase-table.js'

/** The `store` set's phrases (see sets.ts for who shows them). */
export const storePhrases: PhraseTable = {}
