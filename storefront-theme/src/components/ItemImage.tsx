import { useRef } from 'react'
import { mdiImageOutline } from '@mdi/js'
import type { WebImage } from '../lib/commerce.js'
import { CARD_WIDTHS, sizedUrl, srcSet } from '../lib/images.js'
import { useNearViewport } from '../lib/in-view.js'
import { Icon } from './Icon.js'
import { useSite } from './site.js'

/** A transparent pixel: a lazy image's source until it nears the viewport (no request, no alt box). */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

export interface ItemImageProps {
  image: WebImage | null | undefined
  /** The text for a missing alt: the item's name. */
  alt: string
  /** The layout width it takes, for the browser's choice of srcset rung. */
  sizes: string
  widths?: readonly number[]
  /** Loads at once (the first row, the item's main image), else within the lazy-load buffer. */
  eager?: boolean
  /** The page's most important image: fetched first (fetchpriority="high"). */
  priority?: boolean
  /** Height over width; the site's item image ratio by default. */
  ratio?: number
  className?: string
}

/**
 * A catalogue image sized before it loads: its box has the item image ratio (aspect-ratio and
 * width/height), so nothing moves when it arrives. Images past the first row load when they come
 * within the site's lazy-load buffer (configuration/images), unless lazy loading is off.
 */
export function ItemImage(props: ItemImageProps) {
  const { images } = useSite()
  const ratio = props.ratio ?? images.itemimageratio
  const ref = useRef<HTMLImageElement>(null)
  const eager = props.eager === true || !images.itemimagelazyload
  const near = useNearViewport(ref, images.lazyloadbuffer, !eager)
  const widths = props.widths ?? CARD_WIDTHS
  const box = { aspectRatio: `1 / ${ratio}` }
  const className = props.className ? `sw-img ${props.className}` : 'sw-img'
  if (!props.image?.url)
    return (
      <span className={`${className} sw-img-missing`} style={box}>
        <Icon path={mdiImageOutline} size={40} />
      </span>
    )
  const shown = eager || near
  const url = props.image.url
  return (
    <img
      ref={ref}
      className={className}
      style={box}
      src={shown ? sizedUrl(url, widths[Math.min(2, widths.length - 1)] ?? 400) : BLANK}
      srcSet={shown ? srcSet(url, widths) : undefined}
      sizes={shown ? props.sizes : undefined}
      alt={props.image.alt || props.alt}
      width={300}
      height={Math.round(300 * ratio)}
      decoding="async"
      fetchPriority={props.priority ? 'high' : undefined}
      data-lazy={shown ? undefined : ''}
    />
  )
}

/** The box of an image still to come (a list loading in the browser): the same size, so nothing moves. */
export function ImageSkeleton({ ratio }: { ratio?: number }) {
  const { images } = useSite()
  return (
    <span
      className="sw-img sw-skeleton"
      style={{ aspectRatio: `1 / ${ratio ?? images.itemimageratio}` }}
      aria-hidden="true"
    />
  )
}
