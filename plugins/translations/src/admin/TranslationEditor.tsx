import './translation-editor.css'
import { useEffect, useMemo, useRef, useState } from 'react'
import { foldText } from '@shopwright/client'
import {
  duplicatePhrases,
  type TranslationEdit,
  type TranslationEntry,
} from '@shopwright/plugin-translations/shared'
import {
  Breadcrumbs,
  Button,
  ErrorView,
  Pages,
  Placeholder,
  useDialogs,
  useSelection,
  useT,
  type PopupMenuItem,
} from '@shopwright/admin-ui/kit'
import { deleteQuestion } from '@shopwright/plugin-records/admin'
import { download, isCsvFile } from './csv-file.js'
import { LanguagesDialog } from './LanguagesDialog.js'
import { DetailsDialog, type SetDetails } from './DetailsDialog.js'
import { showTranslateError } from './TranslateError.js'
import type { LanguageChoice, TranslationApi } from './translation-api.js'
import { TranslationTable } from './TranslationTable.js'
import { useTranslationSet } from './useTranslationSet.js'

/** Rows per page of the table by default (docs/admin.md, "Finding records"). */
export const TRANSLATION_PAGE_SIZE = 10
/** The page sizes offered beside the search box. */
export const TRANSLATION_PAGE_SIZES = [10, 25, 50, 100] as const

/** True when every word of the search is in the phrase or one of its translations, accents aside. */
export function entryMatches(entry: TranslationEntry, words: readonly string[]): boolean {
  if (words.length === 0) return true
  const text = foldText([entry.phrase, ...Object.values(entry.translations)].join('\n'))
  return words.every((word) => text.includes(word))
}

/** What the last import or Auto-Fill did, for the line under the buttons. */
type Outcome =
  | { kind: 'imported'; file: string; added: number; updated: number }
  | { kind: 'filled'; language: string; added: number }

/** Props of TranslationEditor. */
export interface TranslationEditorProps {
  api: TranslationApi
  /** The set's id: `translation/<set>`. */
  set: string
  /** Whether the user may change the sets; undefined while the rights load. */
  canEdit: boolean | undefined
}

/**
 * The translation table editor (README, "The table editor"): New, Delete and Languages; the phrase
 * menu (export and import of the whole set, Sort) and each language's menu (export, import,
 * Auto-Fill, Clear); ten rows a page, or 25, 50 or 100, and a search of the phrases and their
 * translations (accents aside) that narrows the pages. Every change is one small save of what
 * changed.
 */
export function TranslationEditor({ api, set, canEdit }: TranslationEditorProps) {
  const t = useT()
  const dialogs = useDialogs()
  const state = useTranslationSet(api, set)
  const [choices, setChoices] = useState<LanguageChoice[]>([])
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState<number>(TRANSLATION_PAGE_SIZE)
  const [search, setSearch] = useState('')
  const [focus, setFocus] = useState<string>()
  const [filling, setFilling] = useState<string>()
  const [outcome, setOutcome] = useState<Outcome>()
  const fileInput = useRef<HTMLInputElement>(null)
  const importLanguage = useRef<string | undefined>(undefined)

  useEffect(() => {
    let live = true
    // Only names for the headings and the Languages dialog: without them the codes still do.
    api.languages().then(
      (list) => live && setChoices(list),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [api])

  const value = state.value
  const entries = useMemo(() => value?.entries ?? [], [value])
  const shown = useMemo(() => {
    const words = foldText(search).split(/\s+/).filter(Boolean)
    return words.length ? entries.filter((entry) => entryMatches(entry, words)) : entries
  }, [entries, search])
  const pages = Math.max(1, Math.ceil(shown.length / pageSize))
  const current = Math.min(page, pages)
  const rows = shown.slice((current - 1) * pageSize, current * pageSize)
  const selection = useSelection(rows.map((entry) => entry.id))
  const duplicates = useMemo(() => duplicatePhrases(entries), [entries])
  const names = useMemo(() => new Map(choices.map((choice) => [choice.id, choice.name])), [choices])

  if (state.error) return <ErrorView title="ERROR_RECORD_NOT_AVAILABLE" error={state.error} />
  if (!value || canEdit === undefined) return <Placeholder lines={8} fill />

  // A save whose only outcome to show is a failure: a cell left, a Sort.
  const saveEdit = (edit: TranslationEdit, keepalive?: boolean) => {
    state.save(edit, { keepalive }).catch((error: unknown) => dialogs.error('Error', error))
  }

  const addRow = async () => {
    const before = new Set(entries.map((entry) => entry.id))
    try {
      const saved = await state.save({ add: [{ phrase: '' }] })
      const found = saved.entries.findIndex((entry: TranslationEntry) => !before.has(entry.id))
      const index = found >= 0 ? found : saved.entries.length - 1
      // The new, empty row matches no search: the search is cleared to show it.
      setSearch('')
      setPage(Math.floor(index / pageSize) + 1)
      setFocus(saved.entries[index]?.id)
    } catch (error) {
      await dialogs.error('Unable to Add', error)
    }
  }

  const remove = async () => {
    const ids = [...selection.selected]
    if (!(await dialogs.confirm(deleteQuestion(ids.length)))) return
    selection.clear()
    try {
      await state.save({ remove: ids })
    } catch (error) {
      await dialogs.error('Unable to Delete', error)
    }
  }

  const editLanguages = async () => {
    const chosen = await dialogs.open<string[]>(
      (control) => (
        <LanguagesDialog control={control} languages={value.languages} choices={choices} />
      ),
      'md',
    )
    if (!chosen || chosen.join() === value.languages.join()) return
    try {
      await state.save({ languages: chosen })
    } catch (error) {
      await dialogs.error('Error', error)
    }
  }

  const editDetails = async () => {
    const chosen = await dialogs.open<SetDetails>((control) => (
      <DetailsDialog
        control={control}
        details={{ name: value.name, description: value.description }}
      />
    ))
    if (!chosen || (chosen.name === value.name && chosen.description === value.description)) return
    try {
      await state.save(chosen)
    } catch (error) {
      await dialogs.error('Error', error)
    }
  }

  const exportCsv = async (language?: string) => {
    // The file is read from the server: saves still on their way go first.
    await state.idle()
    download(api.exportUrl(set, language))
  }

  const pickCsv = (language?: string) => {
    importLanguage.current = language
    fileInput.current?.click()
  }

  const importCsv = async (file: File) => {
    if (!isCsvFile(file)) {
      await dialogs.error('Unable to Import', { code: 'ERROR_CSV_FILE_TYPE', reason: file.name })
      return
    }
    const language = importLanguage.current
    try {
      const answer = await state.change(() => api.importCsv(set, file, language))
      setOutcome({ kind: 'imported', file: file.name, ...answer })
    } catch (error) {
      await dialogs.error('Unable to Import', error)
    }
  }

  const autoFill = async (language: string) => {
    setFilling(language)
    let failure: unknown
    try {
      const answer = await state.change(() => api.autoFill(set, language))
      setOutcome({ kind: 'filled', language, added: answer.added })
    } catch (error) {
      failure = error ?? new Error('Unknown error')
    }
    setFilling(undefined)
    if (failure !== undefined) await showTranslateError(dialogs, t, failure)
  }

  const clear = async (language: string) => {
    if (!(await dialogs.confirm('Clear these translations?', { ok: 'Clear' }))) return
    try {
      await state.save({ clear: language })
    } catch (error) {
      await dialogs.error('Error', error)
    }
  }

  const phraseMenu: PopupMenuItem[] = [
    {
      label: t('Export All CSV'),
      icon: 'download',
      testId: 'export-all',
      onSelect: () => void exportCsv(),
    },
    {
      label: t('Import All CSV'),
      icon: 'upload',
      disabled: !canEdit,
      testId: 'import-all',
      onSelect: () => pickCsv(),
    },
    {
      label: t('Sort'),
      icon: 'sort',
      disabled: !canEdit,
      testId: 'sort',
      onSelect: () => saveEdit({ sort: true }),
    },
  ]
  const languageMenu = (language: string): PopupMenuItem[] => [
    {
      label: t('Export CSV'),
      icon: 'download',
      testId: `export-${language}`,
      onSelect: () => void exportCsv(language),
    },
    {
      label: t('Import CSV'),
      icon: 'upload',
      disabled: !canEdit,
      testId: `import-${language}`,
      onSelect: () => pickCsv(language),
    },
    {
      label: t('Auto-Fill'),
      icon: 'robot',
      disabled: !canEdit || filling !== undefined,
      testId: `autofill-${language}`,
      onSelect: () => void autoFill(language),
    },
    {
      label: t('Clear'),
      icon: 'delete',
      disabled: !canEdit,
      testId: `clear-${language}`,
      onSelect: () => void clear(language),
    },
  ]

  return (
    <section className="translation-editor" data-testid="translation-editor">
      <Breadcrumbs
        items={[
          { label: t('Data'), to: '/data' },
          { label: t('Translation'), to: '/translation' },
          { label: value.name || value.id },
        ]}
      />
      <h1>
        {value.name || value.id}{' '}
        <span className="sw-muted">{state.busy ? t('Saving...') : ''}</span>
      </h1>
      {value.description ? <p className="sw-muted">{value.description}</p> : null}
      <div className="sw-toolbar translation-toolbar">
        {canEdit ? (
          <>
            <Button icon="plus" variant="primary" onClick={() => void addRow()} data-testid="new">
              {t('New')}
            </Button>
            <Button
              icon="delete"
              disabled={selection.selected.size === 0}
              onClick={() => void remove()}
              data-testid="delete"
            >
              {t('Delete')}
            </Button>
            <Button icon="translate" onClick={() => void editLanguages()} data-testid="languages">
              {t('Languages')}
            </Button>
            <Button
              icon="text-box-outline"
              onClick={() => void editDetails()}
              data-testid="details"
            >
              {t('Details')}
            </Button>
          </>
        ) : null}
        <span className="translation-status" role="status" data-testid="translation-status">
          {outcome?.kind === 'imported'
            ? t('{0}: {1} added, {2} updated.', outcome.file, outcome.added, outcome.updated)
            : outcome?.kind === 'filled'
              ? t(
                  'Auto-Fill: {0, plural, one {# translation} other {# translations}} added in {1}.',
                  outcome.added,
                  outcome.language,
                )
              : null}
        </span>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void importCsv(file)
        }}
      />
      <div className="translation-find">
        <input
          type="search"
          className="sw-input"
          placeholder={t('Search phrases and translations')}
          aria-label={t('Search phrases and translations')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
          data-testid="translation-search"
        />
        <label className="translation-page-size">
          <span>{t('Rows per page')}</span>
          <select
            className="sw-input"
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value))
              setPage(1)
            }}
            data-testid="translation-page-size"
          >
            {TRANSLATION_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {search ? (
          <span className="sw-muted" role="status" data-testid="translation-matches">
            {t('{0, plural, one {# phrase matches} other {# phrases match}}', shown.length)}
          </span>
        ) : null}
      </div>
      <TranslationTable
        entries={rows}
        languages={value.languages}
        names={names}
        duplicates={duplicates}
        selection={selection}
        readOnly={!canEdit}
        phraseMenu={phraseMenu}
        languageMenu={languageMenu}
        filling={filling}
        focus={focus}
        onPhrase={(id, phrase, keepalive) => saveEdit({ changes: [{ id, phrase }] }, keepalive)}
        onText={(id, language, text, keepalive) =>
          saveEdit({ changes: [{ id, translations: { [language]: text } }] }, keepalive)
        }
      />
      <Pages page={current} pages={pages} onPage={setPage} />
    </section>
  )
}
