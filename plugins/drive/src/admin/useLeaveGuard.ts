import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import { useBlocker } from 'react-router'
import { useDialogs } from '@shopwright/admin-ui/kit'

/**
 * Asks before unsaved changes are lost: an in-app navigation waits for the answer to the
 * question, and closing or reloading the tab gets the browser's own prompt (browsers show no
 * page text there). Answers a function that lets the next navigation go without asking.
 */
export function useLeaveGuard(unsaved: boolean): () => void {
  const dialogs = useDialogs()
  // Set when nothing is left to lose (the file went to the bin): the next navigation goes freely.
  const released = useRef(false)
  // Read through a ref set as soon as the screen commits: the router takes a new blocker function
  // only in a later effect, and a click right after a save must already go freely.
  const pending = useRef(unsaved)
  useLayoutEffect(() => {
    pending.current = unsaved
  }, [unsaved])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pending.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  )

  // The blocker is a new object on every render: its answer is read from the latest one.
  const latest = useRef(blocker)
  useEffect(() => {
    latest.current = blocker
  })
  // Keyed by the blocked location, not by "blocked or not": a click right after Stay can be blocked
  // again before React has drawn the unblocked state, and that second block must ask again too.
  const blockedAt = blocker.state === 'blocked' ? blocker.location : null
  // One question at a time: a navigation blocked while it is open takes the same answer.
  const asking = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  useEffect(() => {
    if (!blockedAt || asking.current) return
    asking.current = true
    void dialogs
      .confirm('You have unsaved changes. Leave without saving them?', { ok: 'Leave' })
      .then((leave) => {
        asking.current = false
        const current = latest.current
        if (!mounted.current || current.state !== 'blocked') return
        if (leave) current.proceed()
        else current.reset()
      })
  }, [blockedAt, dialogs])

  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older Chromium asks only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  return useCallback(() => {
    released.current = true
  }, [])
}
