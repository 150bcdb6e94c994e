import { useEffect, useState } from 'react'
import { mdiCartOutline } from '@mdi/js'
import { useSession, useT } from '@shopwright/storefront/react'
import { Icon } from './Icon.js'
import { useSite } from './site.js'

/** The event a cart screen dispatches on `window` after a change, with `{ count }` as its detail. */
const CART_EVENT = 'shopwright:cart'

/** Tells the header's cart icon the cart's new count (lines): after every change a screen makes. */
export function announceCart(count: number): void {
  window.dispatchEvent(new CustomEvent(CART_EVENT, { detail: { count } }))
}

/** What the cart module answers at `GET /query/cart/count` (docs/themes.md). */
interface CartCount {
  count: number
}

/**
 * The header's cart icon (docs/themes.md, "What the engine does"): shown only when a plugin
 * provides the `cart` module. The count is the visitor's own, so it loads in the browser: the
 * server-rendered page stays the same for everyone (and cacheable) and shows '...' until then.
 */
export function CartLink() {
  const site = useSite()
  const t = useT()
  const { client } = useSession()
  const [count, setCount] = useState<number | null>(null)
  const present = site.modules.includes('cart')

  useEffect(() => {
    if (!present) return
    let live = true
    client
      .get<CartCount>('cart/count')
      .then((answer) => {
        if (live && typeof answer.count === 'number') setCount(answer.count)
      })
      .catch(() => undefined)
    const changed = (event: Event) => {
      const detail = (event as CustomEvent<Partial<CartCount>>).detail
      if (typeof detail?.count === 'number') setCount(detail.count)
    }
    window.addEventListener(CART_EVENT, changed)
    return () => {
      live = false
      window.removeEventListener(CART_EVENT, changed)
    }
  }, [client, present])

  if (!present) return null
  return (
    <a className="sw-cart-link" href="/cart" data-testid="cart-link">
      {/* Named "Cart 3": the count it shows is part of its name. */}
      <span className="sw-visually-hidden">{`${t('Cart')} `}</span>
      <Icon path={mdiCartOutline} />
      <span className="sw-cart-count" aria-live="polite">
        {count === null ? '...' : count}
      </span>
    </a>
  )
}
