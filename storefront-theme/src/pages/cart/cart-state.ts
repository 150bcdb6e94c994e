import { useCallback, useEffect, useState } from 'react'
import type { Translate } from '@shopwright/client'
import { useSession, useT } from '@shopwright/storefront/react'
import { useAlert } from '../../components/Alert.js'
import type { CartAnswer, CartLineAnswer } from '../../lib/commerce.js'
import { useCartAnswer, type AnswerState } from './cart-answer.js'

export type CartState = AnswerState<'cart', CartAnswer>

/** The count the header's icon shows for a cart. */
const countOf = (cart: CartAnswer) => cart.count

/** Why a line cannot be bought as it is, in the current language (or '' when it can). */
export function lineProblem(line: CartLineAnswer, t: Translate): string {
  switch (line.problem) {
    case 'unavailable':
      return t('This item is no longer available.')
    case 'noprice':
      return t('This item has no price in this currency.')
    case 'stock':
      return line.available > 0 ? t('Only {0} in stock.', line.available) : t('Out of stock')
    case 'options':
      return t('Choose an option of this item.')
    default:
      return line.purchasable ? '' : t('ERROR_CARTLINE_NOT_AVAILABLE')
  }
}

/**
 * The visitor's cart (`/query/cart/...`): loaded once, then each change (a line's quantity, a
 * removal) answers the whole cart again. After every answer the header's icon is told the new
 * count (the `shopwright:cart` event); a failed change shows the server's message under its title
 * and reloads the cart, which may have changed meanwhile.
 */
export function useCart() {
  const { client } = useSession()
  const alert = useAlert()
  const t = useT()
  const { state, show, load } = useCartAnswer('cart', '/cart/get', countOf)
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    void load()
  }, [load])

  const change = useCallback(
    async (line: string, call: () => Promise<CartAnswer>, title: string) => {
      setBusy(line)
      try {
        show(await call())
      } catch (failure) {
        await alert(title, failure)
        await load()
      } finally {
        setBusy(null)
      }
    },
    [alert, load, show],
  )

  return {
    state,
    busy,
    update: (line: string, quantity: number) =>
      change(
        line,
        () => client.post<CartAnswer>(`/cart/update/${encodeURIComponent(line)}`, { quantity }),
        t('Unable to Update'),
      ),
    remove: (line: string) =>
      change(
        line,
        () => client.post<CartAnswer>(`/cart/remove/${encodeURIComponent(line)}`, {}),
        t('Unable to Delete'),
      ),
  }
}
