import type { QueryClient } from '@shopwright/client'
import type {
  TranslationChangeAnswer,
  TranslationEdit,
  TranslationValue,
} from '@shopwright/plugin-translations/shared'

/** A language the Languages dialog offers: a value of the `language` list type. */
export interface LanguageChoice {
  id: string
  name: string
}

/**
 * The translation calls the table editor makes. A seam of its own so the editor's components can
 * be tested with a fake; the screen builds it from the app's query client.
 */
export interface TranslationApi {
  get(set: string): Promise<TranslationValue>
  /** One save: only what changed, applied by entry id on the server. */
  update(set: string, edit: TranslationEdit, keepalive?: boolean): Promise<TranslationValue>
  /** A CSV file as it is (its Content-Type goes with it); a language reads that column only. */
  importCsv(set: string, file: Blob, language?: string): Promise<TranslationChangeAnswer>
  autoFill(set: string, language: string): Promise<TranslationChangeAnswer>
  /** The download address of the whole set's CSV, or one language's. */
  exportUrl(set: string, language?: string): string
  /** The `language` list type's values. */
  languages(): Promise<LanguageChoice[]>
}

const path = (...parts: Array<string | undefined>) =>
  parts
    .filter((part): part is string => part !== undefined)
    .map(encodeURIComponent)
    .join('/')

/** The calls over the `/query` client. */
export function translationApi(client: QueryClient): TranslationApi {
  return {
    get: (set) => client.get<TranslationValue>(`/translation/get/${path(set)}`),
    update: (set, edit, keepalive) =>
      client.post<TranslationValue>(
        `/translation/update/${path(set)}`,
        edit,
        undefined,
        keepalive ? { keepalive } : {},
      ),
    importCsv: (set, file, language) =>
      client.upload<TranslationChangeAnswer>(`/translation/import/${path(set, language)}`, file),
    autoFill: (set, language) =>
      client.post<TranslationChangeAnswer>(`/translation/autofill/${path(set, language)}`),
    exportUrl: (set, language) => client.url(`/translation/export/${path(set, language)}`),
    async languages() {
      const list = await client.get<{ values: Array<string | { id: string; name?: unknown }> }>(
        '/data/listtype/get/language',
        {},
        // The list changes rarely; every editor opened within the hour asks once.
        { cache: 'short' },
      )
      return list.values.map((value) =>
        typeof value === 'string'
          ? { id: value, name: value }
          : { id: value.id, name: typeof value.name === 'string' ? value.name : value.id },
      )
    },
  }
}
