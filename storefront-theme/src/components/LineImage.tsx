import type { CartLineAnswer } from '../lib/commerce.js'
import { ItemImage } from './ItemImage.js'

/**
 * A cart line's picture, named by the line. Lines show where the shopper looks first (the cart,
 * the order review), so it loads at once.
 */
export function LineImage({
  line,
  sizes,
  widths,
}: {
  line: CartLineAnswer
  sizes: string
  widths: readonly number[]
}) {
  return (
    <ItemImage image={line.thumbnail} alt={line.displayname} sizes={sizes} widths={widths} eager />
  )
}
