import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type {
  TranslationChangeAnswer,
  TranslationEdit,
  TranslationValue,
} from '@shopwright/plugin-translations/shared'
import { shownValue, showsAtOnce, type PendingEdit } from './pending-edits.js'
import type { TranslationApi } from './translation-api.js'

/** A set open in the editor, and how to change it. */
export interface TranslationSetState {
  /** The set as shown: the last answer with the saves on their way. */
  value: TranslationValue | undefined
  /** Why the set could not be loaded. */
  error: unknown
  /** A call is on its way. */
  busy: boolean
  /** Sends one save; resolves with the saved set, rejects with the server's error. */
  save(edit: TranslationEdit, options?: { keepalive?: boolean }): Promise<TranslationValue>
  /** Runs an import or Auto-Fill in turn with the saves; its answer replaces the set. */
  change(call: () => Promise<TranslationChangeAnswer>): Promise<TranslationChangeAnswer>
  /** Resolves when every call sent so far has answered (before an export reads the set). */
  idle(): Promise<void>
}

/**
 * Loads a set and sends its changes one at a time: each answer is the whole saved set, and going
 * in turn means an older answer never overwrites a newer one.
 */
export function useTranslationSet(api: TranslationApi, set: string): TranslationSetState {
  const [saved, setSaved] = useState<TranslationValue>()
  const [error, setError] = useState<unknown>()
  const [pending, setPending] = useState<PendingEdit[]>([])
  const [running, setRunning] = useState(0)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const nextKey = useRef(1)

  useEffect(() => {
    let live = true
    api.get(set).then(
      (value) => live && setSaved(value),
      (failure: unknown) => live && setError(failure ?? new Error('Unknown error')),
    )
    return () => {
      live = false
    }
  }, [api, set])

  const inTurn = useCallback(<T>(call: () => Promise<T>): Promise<T> => {
    setRunning((count) => count + 1)
    const result = queue.current.then(call).finally(() => setRunning((count) => count - 1))
    // The queue goes on after a failure; the caller gets the failure.
    queue.current = result.catch(() => undefined)
    return result
  }, [])

  const save = useCallback(
    async (edit: TranslationEdit, options: { keepalive?: boolean } = {}) => {
      const key = nextKey.current++
      if (showsAtOnce(edit)) setPending((list) => [...list, { key, edit }])
      try {
        const value = await inTurn(() => api.update(set, edit, options.keepalive === true))
        setSaved(value)
        return value
      } finally {
        setPending((list) => list.filter((each) => each.key !== key))
      }
    },
    [api, set, inTurn],
  )

  const change = useCallback(
    async (call: () => Promise<TranslationChangeAnswer>) => {
      const answer = await inTurn(call)
      setSaved(answer.value)
      return answer
    },
    [inTurn],
  )

  const idle = useCallback(() => queue.current.then(() => undefined), [])
  const value = useMemo(() => shownValue(saved, pending), [saved, pending])
  return { value, error, busy: running > 0, save, change, idle }
}
