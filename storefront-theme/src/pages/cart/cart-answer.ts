import { useCallback, useState } from 'react'
import { useSession } from '@shopwright/storefront/react'
import { announceCart } from '../../components/CartLink.js'

/** A page's copy of an answer that carries the cart: loading, loaded (under `K`), or failed. */
export type AnswerState<K extends string, T> =
  | { status: 'loading' }
  | ({ status: 'loaded' } & { [key in K]: T })
  | { status: 'error'; error: unknown }

/**
 * An answer that carries the cart (the cart's own, the checkout's review): `load` reads it from
 * `path` (a failure is kept as the state), `show` sets one a call answered. Each answer tells the
 * header's icon the cart's new count (the `shopwright:cart` event, docs/themes.md). `countOf` is
 * a module's function, so that `show` and `load` keep their identity from one render to the next.
 */
export function useCartAnswer<K extends string, T>(
  key: K,
  path: string,
  countOf: (answer: T) => number,
) {
  const { client } = useSession()
  const [state, setState] = useState<AnswerState<K, T>>({ status: 'loading' })
  const show = useCallback(
    (answer: T) => {
      setState({ status: 'loaded', [key]: answer } as AnswerState<K, T>)
      announceCart(countOf(answer))
    },
    [key, countOf],
  )
  const load = useCallback(
    () => client.get<T>(path).then(show, (error: unknown) => setState({ status: 'error', error })),
    [client, path, show],
  )
  return { state, show, load }
}
