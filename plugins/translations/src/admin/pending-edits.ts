import {
  applyEdit,
  type TranslationEdit,
  type TranslationValue,
} from '@shopwright/plugin-translations/shared'

/** A save sent and not answered yet. */
export interface PendingEdit {
  key: number
  edit: TranslationEdit
}

/**
 * What the editor shows: the last saved set with the saves still on their way applied on top, so a
 * cell keeps its new text while the server works. Saves go one at a time, so each answer holds
 * every earlier save and only the later ones need applying.
 */
export function shownValue(
  saved: TranslationValue | undefined,
  pending: readonly PendingEdit[],
): TranslationValue | undefined {
  if (!saved || pending.length === 0) return saved
  const value = structuredClone(saved)
  for (const { edit } of pending) applyEdit(value, edit)
  return value
}

/**
 * Whether a save can be shown before its answer. New rows cannot: their ids come from the server,
 * and a row whose id changed under the cursor would lose the focus.
 */
export function showsAtOnce(edit: TranslationEdit): boolean {
  return !edit.add?.length
}
