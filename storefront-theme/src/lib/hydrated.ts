import { useSyncExternalStore, type ReactNode } from 'react'

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

/**
 * `before` on the server and during hydration, `after` from then on. Hydration ends with a
 * synchronous render of every component that reads useHydrated(): a large component that
 * swaps one control this way renders only this switch again, not all of its children.
 */
export function Hydrated({ before, after }: { before: ReactNode; after: ReactNode }) {
  return useHydrated() ? after : before
}
