import { createError, queryOption, type QueryContext } from '@shopwright/core'

/**
 * The sides a resized image may have (docs/drive.md, "Resized images"). A requested width or height
 * is rounded up to the next one, and anything above the last is the last: however many sizes a
 * caller asks for, one source has at most this many variants per side, each computed once.
 */
export const RESIZE_LADDER = [
  64, 96, 128, 160, 200, 256, 320, 400, 480, 640, 800, 960, 1200, 1600, 2048,
] as const

/** The largest `width` or `height` a caller may ask for; larger sizes than the ladder's top get it. */
export const MAX_REQUESTED_SIDE = 4096

/** The box a resized image must fit in: one side or both, each a ladder size. */
export interface ResizeBox {
  width?: number
  height?: number
}

/** The ladder size a requested side rounds up to (the ladder's top above it). */
export function ladderSize(requested: number): number {
  return RESIZE_LADDER.find((side) => side >= requested) ?? RESIZE_LADDER.at(-1)!
}

/** One side from the query: a whole number from 1 to MAX_REQUESTED_SIDE, written plainly. */
function requestedSide(
  ctx: Pick<QueryContext, 'query'>,
  name: 'width' | 'height',
): number | undefined {
  const text = queryOption(ctx, name)
  if (text === undefined) return undefined
  // No sign, no leading zero, no decimals or exponent: one spelling per size.
  const value = /^[1-9]\d{0,3}$/.test(text) ? Number(text) : NaN
  if (!(value <= MAX_REQUESTED_SIDE))
    throw createError('ERROR_INVALID_INTEGER', {
      reason: `${name} must be a whole number from 1 to ${MAX_REQUESTED_SIDE}.`,
    })
  return value
}

/**
 * The resize a `load` call asks for with `width` and/or `height`, rounded up to the ladder, or
 * undefined when it asks for none. A bad value is ERROR_INVALID_INTEGER (400) naming the option.
 */
export function resizeBoxOf(ctx: Pick<QueryContext, 'query'>): ResizeBox | undefined {
  const width = requestedSide(ctx, 'width')
  const height = requestedSide(ctx, 'height')
  if (width === undefined && height === undefined) return undefined
  return {
    ...(width === undefined ? {} : { width: ladderSize(width) }),
    ...(height === undefined ? {} : { height: ladderSize(height) }),
  }
}

/** The box in an ETag or a key: `w400`, `h300`, `w400-h300`. */
export function boxTag(box: ResizeBox): string {
  return [
    box.width === undefined ? '' : `w${box.width}`,
    box.height === undefined ? '' : `h${box.height}`,
  ]
    .filter(Boolean)
    .join('-')
}

export interface Size {
  width: number
  height: number
}

/**
 * The size an image of `source` takes inside the box, aspect ratio kept, or null when it fits
 * already (never enlarged). The side that binds is exactly the box's.
 */
export function fitInside(source: Size, box: ResizeBox): Size | null {
  const scale = Math.min(
    box.width === undefined ? Infinity : box.width / source.width,
    box.height === undefined ? Infinity : box.height / source.height,
  )
  if (!(scale < 1)) return null
  const width = box.width !== undefined && scale === box.width / source.width ? box.width : null
  const height =
    box.height !== undefined && scale === box.height / source.height ? box.height : null
  return {
    width: width ?? Math.max(1, Math.round(source.width * scale)),
    height: height ?? Math.max(1, Math.round(source.height * scale)),
  }
}
