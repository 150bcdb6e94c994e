import { useState } from 'react'
import { Dialog, useT, type DialogControl } from '@shopwright/admin-ui/kit'
import {
  ListEditorToolbar,
  SelectAllCell,
  SelectCell,
  useListEditing,
} from '@shopwright/plugin-records/admin'
import type { LanguageChoice } from './translation-api.js'
import { cancelOk } from './dialog-actions.js'

/** What is wrong with a list of language codes, or null: at least one, each chosen once. */
export function languagesProblem(languages: readonly string[]): string | null {
  if (languages.length === 0) return 'Choose at least one language.'
  if (languages.some((language) => language === '')) return 'Choose a language in every row.'
  if (new Set(languages).size !== languages.length) return 'Each language can only be chosen once.'
  return null
}

/** Props of LanguagesDialog. */
export interface LanguagesDialogProps {
  control: DialogControl<string[]>
  languages: readonly string[]
  /** The `language` list's values; codes the set has that the list lacks are offered too. */
  choices: readonly LanguageChoice[]
}

/**
 * The Languages button's dialog: the set's language codes in order, the first being the default,
 * picked from the `language` list and ordered with the list editor's moves. Resolves with the new
 * list; texts of a language taken off stay stored, and come back with it.
 */
export function LanguagesDialog({ control, languages, choices }: LanguagesDialogProps) {
  const t = useT()
  const [items, setItems] = useState<string[]>([...languages])
  const editing = useListEditing(items, setItems)
  const known = new Set(choices.map((choice) => choice.id))
  const options = [
    ...choices,
    ...languages.filter((code) => !known.has(code)).map((code) => ({ id: code, name: code })),
  ]
  return (
    <Dialog
      title={t('Languages')}
      onClose={() => control.close(null)}
      validate={() => languagesProblem(items)}
      actions={cancelOk(t, control, () => items)}
    >
      <div data-testid="languages-dialog">
        <p className="sw-muted translation-dialog-note">
          {t('The first language is the default: Auto-Fill translates from it.')}
        </p>
        <ListEditorToolbar
          editing={editing}
          addLabel="Add Language"
          onAdd={() => setItems([...items, ''])}
          testId="languages"
        />
        <div className="sw-scroll-x">
          <table className="sw-mini-table">
            <thead>
              <tr>
                <SelectAllCell editing={editing} disabled={items.length === 0} />
                <th>{t('Language')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {items.map((code, index) => (
                <tr key={index} data-testid={`languages-row-${index}`}>
                  <SelectCell editing={editing} index={index} />
                  <td>
                    <select
                      className="sw-input"
                      value={code}
                      aria-label={t('Language')}
                      data-testid={`languages-select-${index}`}
                      onChange={(event) =>
                        setItems(
                          items.map((item, at) => (at === index ? event.target.value : item)),
                        )
                      }
                    >
                      <option value="">{t('Choose a language')}</option>
                      {options.map((choice) => (
                        <option key={choice.id} value={choice.id}>
                          {`${choice.name} (${choice.id})`}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="sw-muted">{index === 0 ? t('Default') : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Dialog>
  )
}
