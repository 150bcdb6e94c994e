import type { RecordData } from '@shopwright/core/shared'
import { field } from '@shopwright/plugin-records'

/**
 * The `translation` record type: one record per set (README, "Decisions"). Its entries are edited
 * in the table editor at /translation/:id, so the generic record editor hides them.
 */
export function translationRecordType(): RecordData {
  return {
    type: 'recordtype',
    id: 'translation',
    name: 'Translation',
    icon: 'translate',
    description: 'A translation set: its phrases and their text in each language.',
    showintypes: true,
    security: 'translation',
    fields: [
      field('name', 'Name', 'text', 'The set as people call it.', {
        required: true,
        showinlist: true,
      }),
      field('description', 'Description', 'longtext', 'What the set translates.', {
        showinlist: true,
      }),
      field('languages', 'Languages', 'lists', 'Language codes; the first is the default.', {
        listtype: 'language',
        default: ['en'],
      }),
      // A list of { id, phrase, translations } objects: 'lists' is the datatype that holds a
      // list; the generic editor hides it, as the table editor owns it.
      field('entries', 'Entries', 'lists', 'The phrases and their texts.', {
        default: [],
        display: 'hidden',
      }),
    ],
  }
}
