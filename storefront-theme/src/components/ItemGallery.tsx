import { useState } from 'react'
import { mdiMagnifyPlusOutline } from '@mdi/js'
import { useT } from '@shopwright/storefront/react'
import type { WebImage } from '../lib/commerce.js'
import { LARGE_WIDTHS } from '../lib/images.js'
import { Icon } from './Icon.js'
import { ItemImage } from './ItemImage.js'
import { ZoomDialog } from './ZoomDialog.js'

/** The main image's layout width: about half the page on a desktop, the whole width on a phone. */
const MAIN_SIZES = '(min-width: 1200px) 640px, (min-width: 768px) 55vw, 100vw'

/**
 * An item's images: the one shown large (a button that opens the zoom dialog) and thumbnails to
 * pick another. `index` is controlled, so choosing an option with its own image can show it.
 */
export function ItemGallery({
  images,
  name,
  index,
  onIndex,
}: {
  images: readonly WebImage[]
  name: string
  index: number
  onIndex(index: number): void
}) {
  const t = useT()
  const [zoomed, setZoomed] = useState<number | null>(null)
  const shown = images[index] ?? images[0] ?? null
  return (
    <div className="sw-gallery" data-testid="item-gallery">
      <button
        type="button"
        className="sw-gallery-main"
        onClick={() => shown && setZoomed(Math.max(0, images.indexOf(shown)))}
        disabled={!shown}
        aria-label={t('Zoom in on {0}', shown?.alt || name)}
        data-testid="gallery-zoom"
      >
        <ItemImage
          image={shown}
          alt={name}
          sizes={MAIN_SIZES}
          widths={LARGE_WIDTHS}
          eager
          priority
        />
        {shown ? (
          <span className="sw-gallery-zoom-hint" aria-hidden="true">
            <Icon path={mdiMagnifyPlusOutline} size={22} />
          </span>
        ) : null}
      </button>
      {images.length > 1 ? (
        <ul className="sw-gallery-thumbs">
          {images.map((image, position) => (
            <li key={image.url}>
              <button
                type="button"
                aria-pressed={image === shown}
                aria-label={t('Show image {0} of {1}', position + 1, images.length)}
                onClick={() => onIndex(position)}
                data-testid="gallery-thumb"
              >
                <ItemImage image={image} alt={name} sizes="80px" widths={[96, 160, 200]} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ZoomDialog
        images={images}
        index={zoomed}
        onIndex={setZoomed}
        onClose={() => setZoomed(null)}
        label={name}
      />
    </div>
  )
}
