import { SYSTEM_ACTOR, type CacheService, type Logger } from '@shopwright/core'
import { fromBase62, toBase62 } from '@shopwright/core/shared'
import type { RecordsService } from '@shopwright/plugin-records'

/** The translation set the admin is written with (the translations plugin's `admin` set). */
const SET_TYPE = 'translation'
const ADMIN_SET = 'admin'

interface Entry {
  id: string
  phrase: string
  translations: Record<string, string>
}

const entriesOf = (value: unknown): Entry[] => (Array.isArray(value) ? (value as Entry[]) : [])

/**
 * Adds the phrases the `admin` translation set lacks, with their English and French, through the
 * records service (validated, logged, cleared from caches on every node like any edit). A phrase
 * the set has is never changed: a site's own translation stays. Answers how many were added, or
 * null when there is no `admin` set (no translations plugin, or not seeded yet).
 */
export async function addAdminPhrases(
  records: Pick<RecordsService, 'find' | 'modify'>,
  phrases: Readonly<Record<string, { fr: string }>>,
): Promise<number | null> {
  const set = await records.find(SET_TYPE, ADMIN_SET)
  if (!set) return null
  const known = new Set(entriesOf(set.entries).map((entry) => entry.phrase))
  if (Object.keys(phrases).every((phrase) => known.has(phrase))) return 0
  let added = 0
  await records.modify(
    SYSTEM_ACTOR,
    SET_TYPE,
    ADMIN_SET,
    ['entries'],
    (record) => {
      const entries = [...entriesOf(record.entries)]
      const have = new Set(entries.map((entry) => entry.phrase))
      let next =
        entries.reduce((highest, entry) => {
          const value = typeof entry.id === 'string' ? fromBase62(entry.id) : Number.NaN
          return Number.isFinite(value) ? Math.max(highest, value) : highest
        }, -1) + 1
      added = 0
      for (const [phrase, { fr }] of Object.entries(phrases)) {
        if (have.has(phrase)) continue
        entries.push({ id: toBase62(next++), phrase, translations: { 'en-us': phrase, fr } })
        added++
      }
      if (added === 0) return false
      record.entries = entries
    },
    { message: 'added the sessions screens’ phrases' },
  )
  return added
}

/**
 * Adds the phrases at start, and, while the `admin` set does not exist yet (a new site seeds
 * after its plugins start), again after each cache clear (seeding clears the records' caches),
 * until the set has them.
 */
export function keepAdminPhrases(
  records: Pick<RecordsService, 'find' | 'modify'>,
  cache: Pick<CacheService, 'onClear'>,
  phrases: Readonly<Record<string, { fr: string }>>,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  let running: Promise<void> | undefined
  let done = false
  const stopListening = cache.onClear(() => void attempt())
  signal.addEventListener('abort', () => stopListening())
  function attempt(): Promise<void> {
    if (done || signal.aborted) return Promise.resolve()
    running ??= addAdminPhrases(records, phrases)
      .then((added) => {
        if (added === null) return
        done = true
        stopListening()
        if (added > 0)
          logger.info({ added }, 'sessions: phrases added to the admin translation set')
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'sessions: adding phrases to the admin translation set failed')
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  return attempt()
}
