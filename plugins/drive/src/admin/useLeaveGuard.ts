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

  // The blocker is a new object on every render; the question is asked once per blocked navigation.
  const latest = useRef(blocker)
  useEffect(() => {
    latest.current = blocker
  })
  const blocked = blocker.state === 'blocked'
  useEffect(() => {
    if (!blocked) return
    let live = true
    void dialogs
      .confirm('You have unsaved changes. Leave without saving them?', { ok: 'Leave' })
      .then((leave) => {
        if (!live) return
        if (leave) latest.current.proceed?.()
        else latest.current.reset?.()
      })
    return () => {
      live = false
    }
  }, [blocked, dialogs])

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
