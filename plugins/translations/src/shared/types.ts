/** One phrase of a set with its text per language (docs/api.md, "Translations"). */
export interface TranslationEntry {
  /** A base-62 counter, unique in the set. */
  id: string
  /** The English text a screen is written with, or an ERROR_ code (a server message). */
  phrase: string
  /** Text by language code. */
  translations: Record<string, string>
}

/** A translation set as the editor works on it: the `translation/<id>` record. */
export interface TranslationValue {
  id: string
  name: string
  description: string
  /** Language codes; the first is the set's default language. */
  languages: string[]
  entries: TranslationEntry[]
}

/**
 * One save of the table editor, applied to the stored set by entry id, so two people editing
 * different cells of one set both keep their work.
 */
export interface TranslationEdit {
  /** The set's name and description, when they changed (the Details button). */
  name?: string
  description?: string
  /** The set's languages, when they changed (the Languages button). */
  languages?: string[]
  /** Changed cells: a new phrase and/or texts by language. */
  changes?: Array<{ id: string; phrase?: string; translations?: Record<string, string> }>
  /** New rows, appended with fresh ids. */
  add?: Array<{ phrase: string; translations?: Record<string, string> }>
  /** Ids of rows to delete. */
  remove?: string[]
  /** Empties one language's texts in every row (the language menu's Clear). */
  clear?: string
  /** Orders the rows by phrase (the phrase menu's Sort). */
  sort?: boolean
}

/** What an import and an Auto-Fill answer: the saved set and what changed. */
export interface TranslationChangeAnswer {
  value: TranslationValue
  added: number
  updated: number
}

/** `GET /query/translation/texts/{language}?sets=...`: one language's texts by phrase. */
export interface TranslationTexts {
  language: string
  texts: Record<string, string>
}

/** The set's default language: its first, else en. */
export function defaultLanguage(value: Pick<TranslationValue, 'languages'>): string {
  return value.languages[0] ?? 'en'
}

/** The part of a language code before the hyphen: `fr` for `fr-ca`. */
export function baseLanguage(language: string): string {
  const hyphen = language.indexOf('-')
  return hyphen < 0 ? language : language.slice(0, hyphen)
}

/** True for a server-message phrase: one that begins with ERROR_. */
export function isServerPhrase(phrase: string): boolean {
  return phrase.startsWith('ERROR_')
}
