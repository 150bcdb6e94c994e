import { RecordListScreen } from '@shopwright/plugin-records/admin'
import { TRANSLATION_TYPE } from './constants.js'

/**
 * `/data/translation` and `/translation`: the translation sets, as any record list (New, Delete,
 * Refresh, Export, Import); a row opens the set's table editor, New the form that creates one.
 */
export default function TranslationListScreen() {
  return <RecordListScreen type={TRANSLATION_TYPE} base="/translation" />
}
