import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { usePageExtra, useSession, useT } from '@shopwright/storefront/react'
import { mdiCartPlus, mdiCheckCircle, mdiMinus, mdiPlus } from '@mdi/js'
import { useAlert } from '../../components/Alert.js'
import { announceCart } from '../../components/CartLink.js'
import { useCategories } from '../../components/categories.js'
import { ErrorView } from '../../components/ErrorView.js'
import { Form } from '../../components/Form.js'
import { Icon } from '../../components/Icon.js'
import { ItemGallery } from '../../components/ItemGallery.js'
import { ItemImage } from '../../components/ItemImage.js'
import { Modal } from '../../components/Modal.js'
import {
  MAX_LINE_QUANTITY,
  PAGE_EXTRA,
  skuOf,
  type CartAnswer,
  type CartLineAnswer,
  type ItemAnswer,
  type ItemPageExtra,
  type PriceBreak,
} from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { prefetchRoute } from '../../lib/route-prefetch.js'
import { PlaceAttempt } from '../checkout/place-attempt.js'
import { OptionPickers } from './OptionPickers.js'
import { StockAlertForm } from './StockAlertForm.js'
import {
  breakAt,
  clampQuantity,
  imagesOf,
  offerOf,
  optionLabel,
  parseQuantity,
  priceAt,
} from './item-logic.js'

/** Few enough units left to say so. */
const FEW_LEFT = 10

/** The quantity-break table: "1+ $24.00 · 10+ $21.60 · 50+ $19.20", the current break marked. */
function BreakTable({
  breaks,
  quantity,
  currency,
}: {
  breaks: readonly PriceBreak[]
  quantity: number
  currency: string
}) {
  const t = useT()
  const { minor } = useMoney()
  if (breaks.length < 2) return null
  const current = breakAt(breaks, quantity)
  return (
    <div className="sw-breaks" data-testid="break-table">
      <p className="sw-breaks-title">{t('Buy more, pay less')}</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">{t('Quantity')}</th>
            {breaks.map((row) => (
              <td key={row.quantity} aria-current={row === current ? 'true' : undefined}>
                {/* "10+" reads the same on a right-to-left page. */}
                <span dir="ltr">{t('{0}+', row.quantity)}</span>
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('Unit price')}</th>
            {breaks.map((row) => (
              <td key={row.quantity} aria-current={row === current ? 'true' : undefined}>
                {minor(row.amount, currency)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** The options of an item with children, by sku and what tells them apart, with their stock. */
function ChildChooser({
  item,
  chosen,
  onChoose,
  problem,
}: {
  item: ItemAnswer
  chosen: string | null
  onChoose(id: string): void
  problem: string | null
}) {
  const t = useT()
  return (
    <fieldset className="sw-options" data-testid="child-chooser">
      <legend>{t('Choose an option')}</legend>
      <div className="sw-option-list">
        {item.children.map((child) => {
          const out = child.available <= 0
          return (
            <label
              key={child.id}
              className={[
                'sw-option',
                out ? 'sw-option-out' : '',
                chosen === child.id ? 'sw-option-checked' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-testid={`child-${child.id}`}
            >
              <input
                type="radio"
                name="child"
                value={child.id}
                checked={chosen === child.id}
                disabled={out}
                onChange={() => onChoose(child.id)}
              />
              <span className="sw-option-name">{optionLabel(item, child)}</span>
              <span className="sw-option-stock">
                {out ? t('Out of stock') : t('{0} in stock', child.available)}
              </span>
            </label>
          )
        })}
      </div>
      {problem ? (
        <p className="sw-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}

/** What was added: the cart's line for it, shown in the confirmation. */
interface Added {
  line: CartLineAnswer | undefined
  quantity: number
  currency: string
  count: number
}

/** The confirmation after Add to cart: what went in, and the way to the cart. */
function AddedDialog({
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

/** The item page proper, for one item (remounted for another, so its choices start afresh). */
function ItemDetails({ item }: { item: ItemAnswer }) {
  const t = useT()
  const alert = useAlert()
  const { client } = useSession()
  const { minor } = useMoney()
  const categories = useCategories()
  const images = imagesOf(item)
  const [childId, setChildId] = useState<string | null>(null)
  const [quantityText, setQuantityText] = useState('1')
  const [imageIndex, setImageIndex] = useState(0)
  const [problem, setProblem] = useState<{ field: 'child' | 'quantity'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [added, setAdded] = useState<Added | null>(null)
  // One key per add: a retry of an add whose answer was lost sends it again, and adds once.
  const attempt = useRef(new PlaceAttempt())

  const child = item.children.find((each) => each.id === childId)
  const offer = offerOf(item, child)
  const quantity = parseQuantity(quantityText)
  const shownQuantity = quantity ?? 1
  const currency = (child ?? item).price.currency
  // An item with options is priced "from" its own price: the server's lowest of its options'.
  const unit = offer.needsChoice ? item.price.amount : priceAt(offer.breaks, shownQuantity)
  const unitText = minor(unit >= 0 ? unit : item.price.amount, currency)
  const sku = child ? child.sku : skuOf(item.itemid)
  const category = categories?.find((each) => each.id === item.primarycategory)
  const soldOut = !offer.needsChoice && offer.available <= 0

  const choose = (id: string | null) => {
    attempt.current.reset()
    setChildId(id)
    setProblem(null)
    const own = item.children.find((each) => each.id === id)?.storedisplayimage
    const at = own ? images.findIndex((image) => image.url === own.url) : -1
    if (at >= 0) setImageIndex(at)
  }
  const step = (by: number) => {
    attempt.current.reset()
    setQuantityText(String(clampQuantity(shownQuantity + by)))
    setProblem(null)
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (offer.needsChoice) {
      setProblem({ field: 'child', text: t('Choose an option first.') })
      return
    }
    if (quantity === null) {
      setProblem({
        field: 'quantity',
        text: t('Enter a quantity from 1 to {0}.', MAX_LINE_QUANTITY),
      })
      return
    }
    setProblem(null)
    setBusy(true)
    try {
      const cart = await client.post<CartAnswer>('/cart/add', {
        item: offer.id,
        quantity,
        key: attempt.current.key(),
      })
      attempt.current.settle()
      announceCart(cart.count)
      setAdded({
        line: cart.lines.find((line) => line.item === offer.id),
        quantity,
        currency: cart.currency.id,
        count: cart.count,
      })
    } catch (failure) {
      attempt.current.settle(failure)
      await alert(t('Unable to Add'), failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="sw-item">
      <nav className="sw-breadcrumbs" aria-label={t('Breadcrumbs')}>
        <a href="/">{t('Home')}</a>
        {category ? (
          <a href={`/category/${encodeURIComponent(category.id)}`}>{category.name}</a>
        ) : null}
      </nav>
      <div className="sw-item-layout">
        <ItemGallery
          images={images}
          name={item.displayname}
          index={imageIndex}
          onIndex={setImageIndex}
        />
        <div className="sw-item-side">
          <Form
            className="sw-item-buy"
            onSubmit={(event) => void add(event)}
            data-testid="item-form"
          >
            <h1>{item.displayname}</h1>
            {sku && sku !== item.displayname ? (
              <p className="sw-muted sw-sku" data-testid="item-sku">
                {t('SKU: {0}', sku)}
              </p>
            ) : null}
            <p className="sw-item-price" data-testid="item-price">
              {unit < 0 && item.price.amount < 0
                ? t('Price not available')
                : offer.needsChoice
                  ? t('From {0}', unitText)
                  : unitText}
            </p>
            {!offer.needsChoice && quantity !== null && quantity > 1 && unit >= 0 ? (
              <p className="sw-muted" data-testid="item-total">
                {t('{0} × {1} = {2}', quantity, unitText, minor(unit * quantity, currency))}
              </p>
            ) : null}
            <BreakTable breaks={offer.breaks} quantity={shownQuantity} currency={currency} />
            {item.children.length > 0 ? (
              item.options.length > 0 ? (
                <OptionPickers
                  item={item}
                  chosen={childId}
                  onChoose={choose}
                  problem={problem?.field === 'child' ? problem.text : null}
                />
              ) : (
                <ChildChooser
                  item={item}
                  chosen={childId}
                  onChoose={choose}
                  problem={problem?.field === 'child' ? problem.text : null}
                />
              )
            ) : null}
            {offer.needsChoice ? null : (
              <p
                className={soldOut ? 'sw-stock sw-stock-out' : 'sw-stock'}
                data-testid="item-stock"
              >
                {soldOut
                  ? t('Out of stock')
                  : offer.available < FEW_LEFT
                    ? t('Only {0} left', offer.available)
                    : t('In stock')}
              </p>
            )}
            <div className="sw-buy-row">
              <div className="sw-field sw-quantity-field">
                <label htmlFor="sw-quantity">{t('Quantity')}</label>
                <div className="sw-stepper">
                  <button
                    type="button"
                    onClick={() => step(-1)}
                    aria-label={t('Fewer')}
                    disabled={shownQuantity <= 1}
                  >
                    <Icon path={mdiMinus} size={18} />
                  </button>
                  <input
                    id="sw-quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    value={quantityText}
                    onChange={(event) => {
                      attempt.current.reset()
                      setQuantityText(event.target.value)
                      setProblem(null)
                    }}
                    data-testid="item-quantity"
                  />
                  <button
                    type="button"
                    onClick={() => step(1)}
                    aria-label={t('More')}
                    disabled={shownQuantity >= MAX_LINE_QUANTITY}
                  >
                    <Icon path={mdiPlus} size={18} />
                  </button>
                </div>
              </div>
              <button
                type="submit"
                className="sw-button sw-button-primary sw-button-large"
                disabled={busy || soldOut}
                data-testid="add-to-cart"
              >
                <Icon path={mdiCartPlus} size={20} />
                {t('Add to cart')}
              </button>
            </div>
            {problem?.field === 'quantity' ? (
              <p className="sw-field-error" role="alert">
                {problem.text}
              </p>
            ) : null}
          </Form>
          {soldOut ? <StockAlertForm key={offer.id} item={offer.id} /> : null}
          {item.storedetaileddescription ? (
            <section className="sw-description" aria-labelledby="sw-description-title">
              <h2 id="sw-description-title">{t('Description')}</h2>
              <div
                className="sw-content"
                dangerouslySetInnerHTML={{ __html: item.storedetaileddescription }}
              />
            </section>
          ) : null}
        </div>
      </div>
      <AddedDialog added={added} name={item.displayname} onClose={() => setAdded(null)} />
    </div>
  )
}

/**
 * `/item/:id`: the gallery with its zoom dialog, the name, the price for the chosen quantity and
 * its quantity-break table, the options of an item with children (one must be chosen), the
 * quantity (1-999) and Add to cart with its confirmation, and the description. The item comes
 * with the page from the server (commerce's page extra), priced for the visitor.
 */
export function ItemView(_props: PageProps) {
  const t = useT()
  const extra = usePageExtra<ItemPageExtra>(PAGE_EXTRA)
  if (!extra?.item)
    return (
      <ErrorView title={t('ERROR_ITEM_NOT_AVAILABLE')}>
        <p>
          <a href="/">{t('Go to the home page')}</a>
        </p>
      </ErrorView>
    )
  return <ItemDetails key={extra.item.id} item={extra.item} />
}
