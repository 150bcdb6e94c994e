import { useRef, useState, type FormEvent } from 'react'
import { useSession, useT } from '@shopwright/storefront/react'
import { mdiCartPlus } from '@mdi/js'
import { useAlert } from '../../components/Alert.js'
import { announceCart } from '../../components/CartLink.js'
import { useCategories } from '../../components/categories.js'
import { Form } from '../../components/Form.js'
import { Icon } from '../../components/Icon.js'
import { ItemGallery } from '../../components/ItemGallery.js'
import { StepButton } from '../../components/StepButton.js'
import { SubmitButton } from '../../components/SubmitButton.js'
import { MAX_LINE_QUANTITY, skuOf, type CartAnswer, type ItemAnswer } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { PlaceAttempt } from '../checkout/place-attempt.js'
import { AddedDialog, type Added } from './AddedDialog.js'
import { BreakTable } from './BreakTable.js'
import { ChildChooser } from './ChildChooser.js'
import { OptionPickers } from './OptionPickers.js'
import { StockAlertForm } from './StockAlertForm.js'
import { clampQuantity, imagesOf, offerOf, parseQuantity, priceAt } from './item-logic.js'

/** Few enough units left to say so. */
const FEW_LEFT = 10

/** The item page proper, for one item (remounted for another, so its choices start afresh). */
export function ItemDetails({ item }: { item: ItemAnswer }) {
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
                  <StepButton by={-1} onStep={() => step(-1)} disabled={shownQuantity <= 1} />
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
                  <StepButton
                    by={1}
                    onStep={() => step(1)}
                    disabled={shownQuantity >= MAX_LINE_QUANTITY}
                  />
                </div>
              </div>
              <SubmitButton
                className="sw-button-large"
                disabled={busy || soldOut}
                testId="add-to-cart"
              >
                <Icon path={mdiCartPlus} size={20} />
                {t('Add to cart')}
              </SubmitButton>
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
