/**
 * One language's texts of a set's seeded phrases, as its catalogue file holds them: phrase (the
 * US English a screen is written with) to text, `{ "Time": "Heure" }`. A set's catalogues stand
 * in phrases/, one file a language: `<set>.fr.json`, and `<set>.en-us.json` for the phrases whose
 * US English is not the phrase itself. They are data that translators edit; a test checks each
 * file's shape (phrase-catalogues.test.ts).
 */
export type PhraseCatalogue = Readonly<Record<string, string>>

/**
 * A set's seeded phrases: each phrase (the English text a screen is written with) with its French
 * text, and its US English text when that differs from the phrase (an ERROR_ code's message).
 */
export type PhraseTable = Readonly<Record<string, { fr: string; 'en-us'?: string }>>

/**
 * The table of a set's catalogues: every phrase of the French one, in its order, with its US
 * English from the `en-us` one where that has it.
 */
export function phraseTable(catalogues: {
  fr: PhraseCatalogue
  'en-us'?: PhraseCatalogue
}): PhraseTable {
  const english = catalogues['en-us'] ?? {}
  const table: Record<string, { fr: string; 'en-us'?: string }> = {}
  for (const [phrase, fr] of Object.entries(catalogues.fr)) {
    const us = Object.hasOwn(english, phrase) ? english[phrase] : undefined
    table[phrase] = us === undefined ? { fr } : { fr, 'en-us': us }
  }
  return table
}
