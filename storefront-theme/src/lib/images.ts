/**
 * Catalogue images are served by the drive in a ladder of widths (`?width=`); a page asks for the
 * rungs that fit its layout and lets the browser choose (srcset and sizes).
 */

/** The rungs of a grid card: from a phone's half width to a retina desktop column. */
export const CARD_WIDTHS = [200, 320, 400, 640, 800] as const
/** The rungs of the item page's main image and the zoom dialog. */
export const LARGE_WIDTHS = [400, 640, 800, 1200, 1600] as const
/** Gallery thumbnails are resized to a width of 400. */
export const GALLERY_WIDTH = 400

/** An image address at a width of the ladder. */
export function sizedUrl(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}width=${width}`
}

/** A srcset of the given widths. */
export function srcSet(url: string, widths: readonly number[]): string {
  return widths.map((width) => `${sizedUrl(url, width)} ${width}w`).join(', ')
}
