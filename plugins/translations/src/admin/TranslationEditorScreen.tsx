import { useParams } from 'react-router'
import { type RecordTypeAnswer } from '@shopwright/client'
import { ErrorView, useClientApi, useQueryData } from '@shopwright/admin-ui/kit'
import { RecordScreen } from '@shopwright/plugin-records/admin'
import { TRANSLATION_TYPE } from './constants.js'
import { translationApi } from './translation-api.js'
import { TranslationEditor } from './TranslationEditor.js'

/**
 * `/translation/:id` (and `/data/translation/:id`): a set in the table editor. `new` is the
 * records' form for the set's name, id and languages; the set is created at its first save and
 * opens here in the table editor (README, "The table editor").
 */
export default function TranslationEditorScreen() {
  const { id = '' } = useParams()
  const api = useClientApi(translationApi)
  const isNew = id === 'new'
  // Asked beside the set, not before it: the rights decide the buttons, the set the table.
  const type = useQueryData<RecordTypeAnswer>(
    isNew ? null : `/data/recordtype/get/${TRANSLATION_TYPE}`,
  )
  if (isNew) return <RecordScreen type={TRANSLATION_TYPE} base="/translation" />
  if (type.error) return <ErrorView title="ERROR_RECORD_NOT_AVAILABLE" error={type.error} />
  // A new key for another set: nothing typed in one set is shown in the next.
  return (
    <TranslationEditor
      key={id}
      api={api}
      set={id}
      canEdit={type.data ? type.data.access.edit : undefined}
    />
  )
}
