import { vi } from 'vitest'
import {
  applyEdit,
  type TranslationEdit,
  type TranslationValue,
} from '@shopwright/plugin-translations/shared'
import type { TranslationApi } from './translation-api.js'

/** A set of `count` phrases `Phrase 0`, `Phrase 1`... in en-us and fr, French filled. */
export function sampleSet(count: number): TranslationValue {
  return {
    id: 'admin',
    name: 'Admin',
    description: 'The administration screens.',
    languages: ['en-us', 'fr'],
    entries: Array.from({ length: count }, (_, index) => ({
      id: String(index),
      phrase: `Phrase ${index}`,
      translations: { fr: `Expression ${index}` },
    })),
  }
}

/** An in-memory TranslationApi over one set, its calls spied on (tests only). */
export function fakeApi(value: TranslationValue) {
  const stored = structuredClone(value)
  const api = {
    get: vi.fn(() => Promise.resolve(structuredClone(stored))),
    update: vi.fn((_set: string, edit: TranslationEdit) => {
      applyEdit(stored, edit)
      return Promise.resolve(structuredClone(stored))
    }),
    importCsv: vi.fn(() =>
      Promise.resolve({ value: structuredClone(stored), added: 0, updated: 0 }),
    ),
    autoFill: vi.fn(() =>
      Promise.resolve({ value: structuredClone(stored), added: 0, updated: 0 }),
    ),
    exportUrl: vi.fn((set: string, language?: string) =>
      language
        ? `/query/translation/export/${set}/${language}`
        : `/query/translation/export/${set}`,
    ),
    languages: vi.fn(() =>
      Promise.resolve([
        { id: 'ar', name: 'Arabic' },
        { id: 'en-us', name: 'English (US)' },
        { id: 'fr', name: 'French' },
      ]),
    ),
  } satisfies TranslationApi
  return { api, stored }
}
