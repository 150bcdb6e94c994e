import { type RecordData } from '@shopwright/core/shared'
import { isRightToLeft } from '@shopwright/client'
import { languages } from 'countries-list'
import variants from '../data/language-variants.json' with { type: 'json' }
import { displayName, translate } from './translated-languages.js'

/** One value of the language list type. */
export interface LanguageValue {
  id: string
  name: string
  native: string
  rtl: boolean
  translations: Record<string, string>
}

/**
 * The `listtype/language` record: the ISO 639-1 languages of countries-list plus the locale variants
 * the company uses (data/language-variants.json), sorted by English name as the language list call
 * returns them.
 */
export function languageListType(): RecordData {
  const byId = new Map<string, { id: string; name: string; native: string }>()
  for (const [id, { name, native }] of Object.entries(languages)) byId.set(id, { id, name, native })
  // The company's own entry wins over the package's, should a variant ever reuse a base code.
  for (const variant of variants) byId.set(variant.id, variant)
  const values: LanguageValue[] = [...byId.values()]
    .map(({ id, name, native }) => ({
      id,
      name,
      native,
      rtl: isRightToLeft(id),
      translations: translate((language) => displayName(language, 'language', id)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id))
  return { type: 'listtype', id: 'language', name: 'Language', values }
}
