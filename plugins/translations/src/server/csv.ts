import type Papa from 'papaparse'
import { createError } from '@shopwright/core'
import type { TranslationValue } from '../shared/types.js'

let loading: Promise<typeof Papa> | undefined

/** papaparse comes in on the first CSV import or export, not at every start. */
function papaparse(): Promise<typeof Papa> {
  loading ??= import('papaparse').then((module) => module.default)
  return loading
}

/** A language as the import matches columns to it: its code, its name, its names in other languages. */
export interface LanguageName {
  id: string
  name?: string
  /** The language's name for itself (`Français`). */
  native?: string
  translations?: Record<string, string>
}

/** The export's file name: `translation.csv`, or `translation {language}.csv` for one language. */
export function csvFileName(language?: string): string {
  return language ? `translation ${language}.csv` : 'translation.csv'
}

/**
 * A set as CSV (docs/api.md, "Translations"): a `Phrase` header plus the language codes, CRLF
 * lines, every value quoted with quotes doubled. A cell that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab or CR first) gets a leading `'`, which the import takes off again.
 */
export async function toCsv(value: TranslationValue, language?: string): Promise<string> {
  const Papa = await papaparse()
  const languages = language ? [language] : value.languages
  const rows = value.entries.map((entry) =>
    [entry.phrase, ...languages.map((code) => entry.translations[code] ?? '')].map(keepEscape),
  )
  return (
    Papa.unparse([['Phrase', ...languages], ...rows], {
      newline: '\r\n',
      quotes: true,
      escapeFormulae: true,
    }) + '\r\n'
  )
}

const FORMULA_ESCAPE = /^'+[=+\-@\t\r]/

/**
 * A text that already starts like an escaped formula (`'=1+1`) gets one more `'`: papaparse leaves
 * it alone, and the import takes one `'` off, so it comes back as it was.
 */
function keepEscape(cell: string): string {
  return FORMULA_ESCAPE.test(cell) ? `'${cell}` : cell
}

function unescapeCell(cell: string): string {
  return FORMULA_ESCAPE.test(cell) ? cell.slice(1) : cell
}

/** Reads CSV text into rows; throws ERROR_CSV_EMPTY unless it is a header plus at least one row. */
export async function parseCsv(text: string): Promise<string[][]> {
  const Papa = await papaparse()
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const result = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' })
  // A quote left open swallows the rest of the file: refuse it rather than import garbage.
  const broken = result.errors.find(
    (error) => error.type === 'Quotes' || error.type === 'Delimiter',
  )
  if (broken)
    throw createError('ERROR_CSV_EMPTY', {
      reason: `${broken.message}${broken.row === undefined ? '' : ` (row ${broken.row + 1})`}`,
    })
  const rows = result.data.map((row) => row.map(unescapeCell))
  if (rows.length < 2 || (rows[0]?.length ?? 0) < 2) throw createError('ERROR_CSV_EMPTY')
  return rows
}

function matches(header: string, language: LanguageName): boolean {
  const wanted = header.trim().toLowerCase()
  if (!wanted) return false
  const names = [
    language.id,
    language.name ?? '',
    language.native ?? '',
    ...Object.values(language.translations ?? {}),
  ]
  return names.some((name) => name.trim().toLowerCase() === wanted)
}

/** What an import reads from a file: the rows' phrases and texts by language code. */
export interface CsvImport {
  languages: string[]
  rows: Array<{ phrase: string; translations: Record<string, string> }>
}

/**
 * Matches a parsed file's columns to languages (docs/api.md, "Translations"): by code, by name or
 * by a translated name, without regard to case. The phrase column is the one headed `Phrase`, else
 * the first. With `only`, that language's column must be there ("Unable to find column '{0}' in the
 * file."); otherwise the set's languages found are read, and at least one must be.
 */
export function readCsvImport(
  rows: readonly string[][],
  setLanguages: readonly string[],
  names: readonly LanguageName[],
  only?: string,
): CsvImport {
  const header = rows[0] ?? []
  const phraseColumn = Math.max(
    0,
    header.findIndex((cell) => cell.trim().toLowerCase() === 'phrase'),
  )
  const wanted = only ? [only] : setLanguages
  const columns: Array<[string, number]> = []
  for (const code of wanted) {
    const language = names.find((each) => each.id === code) ?? { id: code }
    const column = header.findIndex(
      (cell, index) => index !== phraseColumn && matches(cell, language),
    )
    if (column >= 0) columns.push([code, column])
    else if (only) throw createError('ERROR_CSV_COLUMN_NOT_FOUND', { values: [code] })
  }
  if (columns.length === 0) throw createError('ERROR_CSV_NO_LANGUAGE_COLUMNS')
  return {
    languages: columns.map(([code]) => code),
    rows: rows.slice(1).map((row) => ({
      phrase: row[phraseColumn] ?? '',
      translations: Object.fromEntries(columns.map(([code, column]) => [code, row[column] ?? ''])),
    })),
  }
}
