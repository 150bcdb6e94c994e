import { errorMessageOf, type RecordData } from '@shopwright/core/shared'
import { toBase62 } from '@shopwright/core/shared'
import type { TranslationEntry } from '../shared/types.js'
import type { PhraseTable } from './phrase-table.js'
import { accountPhrases } from './phrases/account.js'
import { adminPhrases } from './phrases/admin.js'
import { adminTranslationsPhrases } from './phrases/admin-translations.js'
import { generalPhrases } from './phrases/general.js'
import { serverFrench } from './phrases/server.js'
import { storePhrases } from './phrases/store.js'

/** The sample company's languages, US English the default. */
export const SEEDED_LANGUAGES = ['en-us', 'fr'] as const

function entries(table: PhraseTable): TranslationEntry[] {
  return Object.entries(table).map(([phrase, texts], index) => ({
    id: toBase62(index),
    phrase,
    translations: { 'en-us': texts['en-us'] ?? phrase, fr: texts.fr },
  }))
}

/** The server set: every code with its English message and its French one. */
export function serverTable(): PhraseTable {
  const table: Record<string, { fr: string; 'en-us': string }> = {}
  // Every code with a French text whose English the merged catalogue holds: core's and the
  // installed plugins' (their modules are loaded by the time seeds run).
  for (const [code, fr] of Object.entries(serverFrench)) {
    const english = errorMessageOf(code)
    if (english) table[code] = { 'en-us': english, fr }
  }
  return table
}

function set(id: string, name: string, description: string, table: PhraseTable): RecordData {
  return {
    type: 'translation',
    id,
    name,
    description,
    languages: [...SEEDED_LANGUAGES],
    entries: entries(table),
  }
}

/**
 * The five sets, complete in US English and French for every text the screens show: `general`
 * (words the admin and the storefront share), `store` (the storefront), `account` (sign-in and the
 * customer account area), `admin` (the admin UI) and `server` (the error catalogue's messages).
 */
export function translationSets(): RecordData[] {
  return [
    set(
      'general',
      'General',
      'Words every screen shares: buttons, dialogs, paging.',
      generalPhrases,
    ),
    set(
      'store',
      'Store',
      'The storefront: header, menus, pages and the locale page.',
      storePhrases,
    ),
    set(
      'account',
      'Account',
      'Sign-in, password reset and the customer account area.',
      accountPhrases,
    ),
    set('admin', 'Admin', 'The administration screens.', {
      ...adminPhrases,
      ...adminTranslationsPhrases,
    }),
    set('server', 'Server', 'Messages of the server error codes (ERROR_...).', serverTable()),
  ]
}
