import { createError, type Entity } from '@shopwright/core'
import {
  defaultLanguage,
  isServerPhrase,
  type TranslationChangeAnswer,
  type TranslationValue,
} from '../shared/types.js'
import { TRANSLATE_MAX_TEXTS, type MachineTranslation } from './machine-translation.js'
import { requireLanguage, type TranslationSets } from './translation-sets.js'

/** What Auto-Fill sends for a row: the phrase, or for a server message its default-language text. */
function sourceText(value: TranslationValue, phrase: string, translations: Record<string, string>) {
  return isServerPhrase(phrase) ? (translations[defaultLanguage(value)] ?? '') : phrase
}

/**
 * The language menu's Auto-Fill (docs/api.md, "Translations"): fills the language's empty cells.
 * From the set's default language by machine translation; in the default language itself, the
 * phrase is copied (a server message has no text to copy from and is left for a person). Cells
 * someone filled while the service worked are kept; if the service fails nothing is saved.
 */
export class AutoFill {
  constructor(
    private readonly sets: TranslationSets,
    private readonly machine: MachineTranslation,
  ) {}

  /** Any number of texts, in calls of at most TRANSLATE_MAX_TEXTS. */
  private async translateAll(from: string, to: string, texts: string[]): Promise<string[]> {
    const out: string[] = []
    for (let start = 0; start < texts.length; start += TRANSLATE_MAX_TEXTS)
      out.push(
        ...(await this.machine.translate(
          from,
          to,
          texts.slice(start, start + TRANSLATE_MAX_TEXTS),
        )),
      )
    return out
  }

  async fill(
    entity: Entity | null,
    id: string,
    language: string,
  ): Promise<TranslationChangeAnswer> {
    // Edit rights first: nobody without them makes the service work.
    await this.sets.authorizeEdit(entity)
    const value = await this.sets.get(entity, id)
    requireLanguage(value, language)
    const from = defaultLanguage(value)
    // Said at once, even when no cell is empty: the button needs a provider to do anything.
    if (language !== from && !this.machine.configured)
      throw createError('ERROR_TRANSLATE_NOT_CONFIGURED')
    const wanted = value.entries.filter(
      (entry) =>
        !entry.translations[language] && sourceText(value, entry.phrase, entry.translations),
    )
    const sources = wanted.map((entry) => sourceText(value, entry.phrase, entry.translations))
    const texts =
      language === from
        ? wanted.map((entry) => (isServerPhrase(entry.phrase) ? '' : entry.phrase))
        : await this.translateAll(from, language, sources)
    // What each fill was made from: a row whose source changed meanwhile keeps its empty cell.
    const fills = new Map<string, { text: string; source: string }>()
    wanted.forEach((entry, index) => {
      const text = texts[index]?.trim()
      if (text) fills.set(entry.id, { text, source: sources[index]! })
    })
    let added = 0
    const saved = await this.sets.change(entity, id, ['entries'], (current) => {
      added = 0
      for (const entry of current.entries) {
        const fill = fills.get(entry.id)
        if (!fill || entry.translations[language]) continue
        if (sourceText(current, entry.phrase, entry.translations) !== fill.source) continue
        entry.translations[language] = fill.text
        added++
      }
    })
    return { value: saved, added, updated: 0 }
  }
}
