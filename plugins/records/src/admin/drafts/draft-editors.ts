import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useClient } from '@shopwright/admin-ui/kit'
import type { DraftState, EditorsAnswer, OtherEditor } from '../../shared/history.js'

export type { OtherEditor } from '../../shared/history.js'

/** How often the editor says it has the record open (the server counts one silent for 45 s as gone). */
const HEARTBEAT_MS = 15_000

function newTab(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/**
 * While a publishable record is open (`id` not null), says so every 15 s (and at once when the tab
 * is shown again) under an id of this editor's own, and says when it closes; answers who
 * else has it open. Each answer's draft state goes to `onDraft`, so the editor sees a save made
 * elsewhere (docs/history.md, "Editing together").
 */
export function useDraftEditors(
  type: string,
  id: string | null,
  onDraft: (draft: DraftState | null) => void,
): { editors: OtherEditor[] } {
  const client = useClient()
  const tab = useMemo(newTab, [])
  const [editors, setEditors] = useState<OtherEditor[]>([])
  const latest = useRef(onDraft)
  latest.current = onDraft
  const path =
    id === null ? null : `/data/draft/editing/${encodeURIComponent(type)}/${encodeURIComponent(id)}`
  const open = useRef(false)

  const beat = useCallback(() => {
    if (path === null) return
    client.post<EditorsAnswer>(path, { tab }).then(
      (answer) => {
        if (!open.current) return
        setEditors(answer.editors)
        latest.current(answer.draft)
      },
      // Best effort: the list stays as it was until the next one answers.
      () => undefined,
    )
  }, [client, path, tab])

  useEffect(() => {
    if (path === null) {
      setEditors([])
      return
    }
    open.current = true
    beat()
    const timer = setInterval(beat, HEARTBEAT_MS)
    const leave = () =>
      void client
        .post(path, { tab, leaving: true }, undefined, { keepalive: true })
        .catch(() => undefined)
    // Back in this tab: what others did meanwhile shows at once, not at the next beat.
    const back = () => {
      if (document.visibilityState === 'visible') beat()
    }
    window.addEventListener('pagehide', leave)
    window.addEventListener('focus', back)
    document.addEventListener('visibilitychange', back)
    return () => {
      open.current = false
      clearInterval(timer)
      window.removeEventListener('pagehide', leave)
      window.removeEventListener('focus', back)
      document.removeEventListener('visibilitychange', back)
      leave()
    }
  }, [client, path, tab, beat])

  return { editors }
}
