import { useEffect } from 'react'
import { useT } from '@shopwright/storefront/react'
import { mdiCheckCircle } from '@mdi/js'
import { Icon } from '../../components/Icon.js'
import { ItemImage } from '../../components/ItemImage.js'
import { Modal } from '../../components/Modal.js'
import type { CartLineAnswer } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { prefetchRoute } from '../../lib/route-prefetch.js'

/** What was added: the cart's line for it, shown in the confirmation. */
export interface Added {
  line: CartLineAnswer | undefined
  quantity: number
  currency: string
  count: number
}

/** The confirmation after Add to cart: what went in, and the way to the cart. */
export function AddedDialog({
  added,
  name,
  onClose,
}: {
  added: Added | null
  name: string
  onClose(): void
}) {
  const t = useT()
  const { minor } = useMoney()
  const open = added !== null
  // The dialog's way on is the cart: its code comes while the shopper reads what went in.
  useEffect(() => {
    if (open) prefetchRoute('/cart')
  }, [open])
  return (
    <Modal
      open={open}
      onClose={onClose}
      className="sw-modal"
      aria-labelledby="sw-added-title"
      data-testid="added-dialog"
    >
      {added ? (
        <>
          <h2 id="sw-added-title" className="sw-modal-title">
            <Icon path={mdiCheckCircle} className="sw-success" />
            {t('Added to your cart')}
          </h2>
          <div className="sw-added">
            <ItemImage
              image={added.line?.thumbnail}
              alt={name}
              sizes="80px"
              widths={[96, 200]}
              eager
            />
            <div>
              <strong>{added.line?.displayname ?? name}</strong>
              <p className="sw-muted">
                {t('Quantity in your cart: {0}', added.line?.quantity ?? added.quantity)}
              </p>
              {added.line && added.line.rate >= 0 ? (
                <p data-testid="added-amount">
                  {t('{0} each', minor(added.line.rate, added.currency))} ·{' '}
                  <strong>{minor(added.line.amount, added.currency)}</strong>
                </p>
              ) : null}
            </div>
          </div>
          <div className="sw-modal-actions">
            <button
              type="button"
              className="sw-button"
              onClick={onClose}
              data-testid="continue-shopping"
            >
              {t('Continue shopping')}
            </button>
            <a
              className="sw-button sw-button-primary"
              href="/cart"
              data-testid="view-cart"
              data-autofocus
            >
              {t('View cart ({0})', added.count)}
            </a>
          </div>
        </>
      ) : null}
    </Modal>
  )
}
