import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * False while the server's HTML waits for its code (on the server and during hydration), true
 * from then on (and at once on a page shown by client navigation). Forms stay disabled until
 * then: a submit before the code runs would be the browser's own GET of the form, putting what
 * was typed in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
