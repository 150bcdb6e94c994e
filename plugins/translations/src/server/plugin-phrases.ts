import {
  SYSTEM_ACTOR,
  type CacheService,
  type Logger,
  type PhraseTexts,
  type PluginPhrases,
} from '@shopwright/core'
import { errorMessageOf, fromBase62, toBase62 } from '@shopwright/core/shared'
import type { RecordsService } from '@shopwright/plugin-records'
import type { TranslationEntry } from '../shared/types.js'
import { TRANSLATION_TYPE } from './translation-sets.js'

/** What the running plugins declare, as the kernel's `pluginPhrases` service lists it. */
export type DeclaredPhrases = ReadonlyArray<{ plugin: string; phrases: PluginPhrases }>

type Records = Pick<RecordsService, 'find' | 'modify'>

const entriesOf = (value: unknown): TranslationEntry[] =>
  Array.isArray(value) ? (value as TranslationEntry[]) : []

/** The sets the plugins name, each with its phrases (the first plugin to declare one wins) and its plugins. */
export function phrasesBySet(
  declared: DeclaredPhrases,
): Map<string, { phrases: Map<string, PhraseTexts>; plugins: string[] }> {
  const sets = new Map<string, { phrases: Map<string, PhraseTexts>; plugins: string[] }>()
  for (const { plugin, phrases } of declared) {
    for (const [setId, table] of Object.entries(phrases)) {
      let set = sets.get(setId)
      if (!set) sets.set(setId, (set = { phrases: new Map(), plugins: [] }))
      set.plugins.push(plugin)
      for (const [phrase, texts] of Object.entries(table))
        if (!set.phrases.has(phrase)) set.phrases.set(phrase, texts)
    }
  }
  return sets
}

/**
 * Adds to one translation set the phrases it lacks, with their texts in the set's languages,
 * through the records service (validated, logged, cleared from caches on every node like any
 * edit). A phrase the set has is never changed: a site's own translation stays, and a phrase a
 * site deleted comes back only as the plugin wrote it. US English is the phrase itself, except in
 * the `server` set, whose phrases are error codes and whose English is the catalogue's message.
 * Answers how many were added, or null when the set does not exist (not seeded yet).
 */
export async function addSetPhrases(
  records: Records,
  setId: string,
  phrases: ReadonlyMap<string, PhraseTexts>,
  plugins: readonly string[],
): Promise<number | null> {
  const set = await records.find(TRANSLATION_TYPE, setId)
  if (!set) return null
  const known = new Set(entriesOf(set.entries).map((entry) => entry.phrase))
  if ([...phrases.keys()].every((phrase) => known.has(phrase))) return 0
  let added = 0
  await records.modify(
    SYSTEM_ACTOR,
    TRANSLATION_TYPE,
    setId,
    ['entries'],
    (record) => {
      const entries = [...entriesOf(record.entries)]
      const languages = Array.isArray(record.languages)
        ? new Set(record.languages as string[])
        : undefined
      const have = new Set(entries.map((entry) => entry.phrase))
      let next =
        entries.reduce((highest, entry) => {
          const value = typeof entry.id === 'string' ? fromBase62(entry.id) : Number.NaN
          return Number.isFinite(value) ? Math.max(highest, value) : highest
        }, -1) + 1
      added = 0
      for (const [phrase, texts] of phrases) {
        if (have.has(phrase)) continue
        const translations: Record<string, string> = {
          'en-us': (setId === 'server' ? errorMessageOf(phrase) : undefined) ?? phrase,
        }
        for (const [language, text] of Object.entries(texts))
          if (language !== 'en-us' && (!languages || languages.has(language)))
            translations[language] = text
        entries.push({ id: toBase62(next++), phrase, translations })
        added++
      }
      if (added === 0) return false
      record.entries = entries
    },
    { message: `added phrases of ${plugins.join(', ')}` },
  )
  return added
}

/**
 * Adds the running plugins' phrases at start, and, while a set they name does not exist yet (a
 * new site seeds after its plugins start), again after each cache clear (seeding clears the
 * records' caches), until every such set has them. Never fails the start: a failure is logged.
 */
export function keepPluginPhrases(
  records: Records,
  cache: Pick<CacheService, 'onClear'>,
  declared: DeclaredPhrases,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  const waiting = phrasesBySet(declared)
  if (waiting.size === 0) return Promise.resolve()
  let running: Promise<void> | undefined
  const stopListening = cache.onClear(() => void attempt())
  signal.addEventListener('abort', () => stopListening())
  async function addWaiting(): Promise<void> {
    for (const [setId, { phrases, plugins }] of [...waiting]) {
      const added = await addSetPhrases(records, setId, phrases, plugins)
      if (added === null) continue
      waiting.delete(setId)
      if (added > 0) logger.info({ set: setId, added }, 'translations: plugin phrases added')
    }
    if (waiting.size === 0) stopListening()
  }
  function attempt(): Promise<void> {
    if (waiting.size === 0 || signal.aborted) return Promise.resolve()
    running ??= addWaiting()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'translations: adding plugin phrases failed')
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  return attempt()
}
