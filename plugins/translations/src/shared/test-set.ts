import type { TranslationValue } from './types.js'

/**
 * A set of two phrases for the tests of the entries and of the editor's pending saves: Save,
 * translated to French, and Cancel, not yet. `cancelId` is Cancel's entry id (a letter tests that
 * entry ids count in base 62, see nextEntryId). A fresh copy each call, since the tests change it.
 */
export function saveAndCancelSet(cancelId = '1'): TranslationValue {
  return {
    id: 'admin',
    name: 'Admin',
    description: '',
    languages: ['en-us', 'fr'],
    entries: [
      { id: '0', phrase: 'Save', translations: { fr: 'Enregistrer' } },
      { id: cancelId, phrase: 'Cancel', translations: {} },
    ],
  }
}
