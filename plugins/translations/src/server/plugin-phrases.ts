import { KernelError, SYSTEM_ACTOR, type CacheService, type Logger } from '@shopwright/core'
import { errorMessageOf, fromBase62, toBase62 } from '@shopwright/core/shared'
import { type PhraseTexts } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type { TranslationEntry } from '../shared/types.js'
import { TRANSLATION_TYPE } from './translation-type.js'

/** Phrases by translation set id, then by phrase (`{ admin: { Sessions: { fr: 'Sessions' } } }`). */
export type PluginPhrases = Readonly<Record<string, Readonly<Record<string, PhraseTexts>>>>

/** What the running plugins added, in the order they added it. */
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

const SET_ID = /^[a-z][a-z0-9-]{0,63}$/

/**
 * The texts other plugins' screens show (docs/plugins.md, "Phrases"): a plugin adds them in its
 * bootstrap (`translationSets.phrases.add('billing', { admin: BILLING_PHRASES })`), and they are
 * added to the sets that lack them once this plugin has started, and, while a set they name does
 * not exist yet (a new site seeds after its plugins start), again after each cache clear (seeding
 * clears the records' caches), until every such set has them. Never fails the start: a failure
 * is logged.
 */
export class PluginPhraseKeeper {
  private readonly added: Array<{ plugin: string; phrases: PluginPhrases }> = []
  /** Sets with phrases not yet added. */
  private readonly waiting = new Set<string>()
  private running: Promise<void> | undefined
  private again = false
  private started: { logger: Logger; signal: AbortSignal } | undefined
  private stopListening: (() => void) | undefined

  constructor(
    private readonly records: Records,
    private readonly cache: Pick<CacheService, 'onClear'>,
  ) {}

  /** What the running plugins added, in order. */
  get declared(): DeclaredPhrases {
    return this.added
  }

  /**
   * Adds a plugin's phrases by set; each phrase's texts by language beside US English (the phrase
   * itself). A set id that is not a record id stops the boot.
   */
  add(plugin: string, phrases: PluginPhrases): void {
    for (const setId of Object.keys(phrases))
      if (!SET_ID.test(setId))
        throw new KernelError(
          'SW_PLUGIN_INVALID',
          `plugin "${plugin}" adds phrases to ${JSON.stringify(setId)}, which is not a translation set id`,
        )
    this.added.push({ plugin, phrases })
    for (const setId of Object.keys(phrases)) this.waiting.add(setId)
    if (this.started) void this.attempt()
  }

  /** Starts adding what is waiting, now and after each cache clear while a set is missing. */
  start(logger: Logger, signal: AbortSignal): Promise<void> {
    this.started = { logger, signal }
    signal.addEventListener('abort', () => this.stopListening?.())
    return this.attempt()
  }

  private attempt(): Promise<void> {
    const started = this.started
    if (!started || this.waiting.size === 0 || started.signal.aborted) return Promise.resolve()
    this.stopListening ??= this.cache.onClear(() => void this.attempt())
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.addWaiting(started.logger)
      .catch((error: unknown) => {
        started.logger.warn({ err: error }, 'translations: adding plugin phrases failed')
      })
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          void this.attempt()
        }
      })
    return this.running
  }

  private async addWaiting(logger: Logger): Promise<void> {
    const sets = phrasesBySet(this.added)
    for (const setId of [...this.waiting]) {
      const set = sets.get(setId)
      const added = set ? await addSetPhrases(this.records, setId, set.phrases, set.plugins) : 0
      if (added === null) continue
      this.waiting.delete(setId)
      if (added > 0) logger.info({ set: setId, added }, 'translations: plugin phrases added')
    }
    if (this.waiting.size === 0) {
      this.stopListening?.()
      this.stopListening = undefined
    }
  }
}
