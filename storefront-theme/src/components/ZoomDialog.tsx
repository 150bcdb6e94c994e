import type { KeyboardEvent } from 'react'
import { mdiChevronLeft, mdiChevronRight, mdiClose } from '@mdi/js'
import { useT } from '@shopwright/storefront/react'
import type { WebImage } from '../lib/commerce.js'
import { LARGE_WIDTHS, sizedUrl, srcSet } from '../lib/images.js'
import { Icon } from './Icon.js'
import { Modal } from './Modal.js'

/**
 * The full-screen zoom of a gallery (storefront-theme/README.md, "Screens"): a modal dialog, so the
 * page behind is inert and focus stays inside; Escape closes it, the arrow keys and buttons move
 * between images, and focus goes back to what opened it.
 */
export function ZoomDialog({
  images,
  index,
  onIndex,
  onClose,
  label,
}: {
  images: readonly WebImage[]
  /** The shown image, or null when the dialog is closed. */
  index: number | null
  onIndex(index: number): void
  onClose(): void
  /** The images' subject (the item's name), for the images' alt and the dialog's name. */
  label: string
}) {
  const t = useT()
  const count = images.length
  const move = (step: number) => {
    if (index === null || count < 2) return
    onIndex((index + step + count) % count)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    // Right-to-left pages show the next image on the left.
    const rtl = document.documentElement.dir === 'rtl'
    move((event.key === 'ArrowRight') !== rtl ? 1 : -1)
  }
  const image = index === null ? undefined : images[index]
  return (
    <Modal
      open={index !== null}
      onClose={onClose}
      className="sw-zoom"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="zoom-dialog"
    >
      <button
        type="button"
        className="sw-zoom-close"
        onClick={onClose}
        aria-label={t('Close')}
        data-autofocus
        data-testid="zoom-close"
      >
        <Icon path={mdiClose} />
      </button>
      {image ? (
        <figure className="sw-zoom-figure">
          <img
            className="sw-zoom-image"
            src={sizedUrl(image.url, 1200)}
            srcSet={srcSet(image.url, LARGE_WIDTHS)}
            sizes="100vw"
            alt={image.alt || label}
            data-testid="zoom-image"
          />
          <figcaption className="sw-zoom-count" aria-live="polite">
            {t('Image {0} of {1}', (index ?? 0) + 1, count)}
          </figcaption>
        </figure>
      ) : null}
      {count > 1 ? (
        <>
          <button
            type="button"
            className="sw-zoom-prev"
            onClick={() => move(-1)}
            aria-label={t('Previous image')}
            data-testid="zoom-prev"
          >
            <Icon path={mdiChevronLeft} size={32} />
          </button>
          <button
            type="button"
            className="sw-zoom-next"
            onClick={() => move(1)}
            aria-label={t('Next image')}
            data-testid="zoom-next"
          >
            <Icon path={mdiChevronRight} size={32} />
          </button>
        </>
      ) : null}
    </Modal>
  )
}
