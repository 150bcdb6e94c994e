import { useEffect, useRef } from 'react'
import { isRightToLeft } from '@shopwright/client'
import { cleanPhrase, type TranslationEntry } from '@shopwright/plugin-translations/shared'
import {
  EmptyRow,
  SelectAllCell,
  useT,
  type PopupMenuItem,
  type Selection,
} from '@shopwright/admin-ui/kit'
import { ColumnHeading } from './ColumnHeading.js'
import { TranslationBox } from './TranslationBox.js'

/** Props of TranslationTable. */
export interface TranslationTableProps {
  /** The rows of the page shown. */
  entries: readonly TranslationEntry[]
  languages: readonly string[]
  /** Language names by code, for the headings. */
  names: ReadonlyMap<string, string>
  /** Phrases that occur more than once in the set. */
  duplicates: ReadonlySet<string>
  selection: Selection
  readOnly: boolean
  phraseMenu: readonly PopupMenuItem[]
  languageMenu(language: string): PopupMenuItem[]
  /** The language an Auto-Fill is working on. */
  filling?: string
  /** A row whose phrase box takes the focus (a new row). */
  focus?: string
  onPhrase(id: string, phrase: string, keepalive?: boolean): void
  onText(id: string, language: string, text: string, keepalive?: boolean): void
}

/**
 * The translation table: a row per phrase with a column per language, every cell a text area;
 * duplicate phrases in the warning colour, right-to-left languages written so, and the phrase as
 * each translation box's placeholder.
 */
export function TranslationTable({
  entries,
  languages,
  names,
  duplicates,
  selection,
  readOnly,
  phraseMenu,
  languageMenu,
  filling,
  focus,
  onPhrase,
  onText,
}: TranslationTableProps) {
  const t = useT()
  const table = useRef<HTMLTableElement>(null)
  const keys = entries.map((entry) => entry.id)
  const chosen = keys.filter((key) => selection.selected.has(key)).length

  useEffect(() => {
    if (!focus) return
    // Entry ids are base-62, safe in a selector as they are.
    table.current?.querySelector<HTMLTextAreaElement>(`[data-testid="phrase-${focus}"]`)?.focus()
  }, [focus])

  const duplicate = t('This phrase is in the set more than once.')
  return (
    <div className="sw-table-wrap">
      <table ref={table} className="sw-table translation-table" data-testid="translation-table">
        <thead>
          <tr>
            <SelectAllCell
              total={keys.length}
              chosen={chosen}
              disabled={readOnly}
              onChange={(selectAll) => (selectAll ? selection.selectAll() : selection.clear())}
            />
            <th scope="col">
              <ColumnHeading label={t('Phrase')} items={phraseMenu} testId="phrase-menu" />
            </th>
            {languages.map((language) => (
              <th key={language} scope="col" lang={language}>
                <ColumnHeading
                  label={names.get(language) ?? language}
                  detail={language}
                  items={languageMenu(language)}
                  busy={filling === language}
                  testId={`column-menu-${language}`}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const selected = selection.selected.has(entry.id)
            return (
              <tr
                key={entry.id}
                className={selected ? 'sw-table-row sw-table-row-selected' : 'sw-table-row'}
                data-testid={`row-${entry.id}`}
              >
                <td className="sw-table-check">
                  <label className="sw-table-check-hit">
                    <input
                      type="checkbox"
                      checked={selected}
                      disabled={readOnly}
                      aria-label={t('Select row')}
                      data-testid={`row-check-${entry.id}`}
                      onChange={() => selection.toggle(entry.id)}
                    />
                  </label>
                </td>
                <td>
                  <TranslationBox
                    value={entry.phrase}
                    clean={cleanPhrase}
                    readOnly={readOnly}
                    warning={entry.phrase && duplicates.has(entry.phrase) ? duplicate : undefined}
                    label={t('Phrase')}
                    testId={`phrase-${entry.id}`}
                    onSave={(text, keepalive) => onPhrase(entry.id, text, keepalive)}
                  />
                </td>
                {languages.map((language) => (
                  <td key={language}>
                    <TranslationBox
                      value={entry.translations[language] ?? ''}
                      placeholder={entry.phrase}
                      lang={language}
                      rightToLeft={isRightToLeft(language)}
                      readOnly={readOnly}
                      label={`${entry.phrase || t('Phrase')} (${language})`}
                      testId={`text-${entry.id}-${language}`}
                      onSave={(text, keepalive) => onText(entry.id, language, text, keepalive)}
                    />
                  </td>
                ))}
              </tr>
            )
          })}
          {entries.length === 0 ? (
            <EmptyRow span={languages.length + 2}>{t('No phrases yet.')}</EmptyRow>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}
