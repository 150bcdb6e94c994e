import { useCallback, useState } from 'react'
import { useAlert } from '../components/Alert.js'

/**
 * A screen's action that waits on the server: `busy` while `run` does a task (the screen turns its
 * buttons off meanwhile, so nothing is sent twice), and a failure shown under `title`, which the
 * caller gives translated ('Unable to Save'...). Busy ends once the alert is dismissed.
 */
export function useBusyTask() {
  const alert = useAlert()
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async (title: string, task: () => Promise<void>) => {
      setBusy(true)
      try {
        await task()
      } catch (failure) {
        await alert(title, failure)
      } finally {
        setBusy(false)
      }
    },
    [alert],
  )
  /**
   * `run` for a task that ends by loading another page: busy stays on after it, so nothing is sent
   * again while the page goes. A failure ends busy before its alert; `afterAlert` may then lead on.
   */
  const runThenLeave = useCallback(
    async (title: string, task: () => Promise<void>, afterAlert?: (failure: unknown) => void) => {
      setBusy(true)
      try {
        await task()
      } catch (failure) {
        setBusy(false)
        await alert(title, failure)
        afterAlert?.(failure)
      }
    },
    [alert],
  )
  return { busy, run, runThenLeave }
}
