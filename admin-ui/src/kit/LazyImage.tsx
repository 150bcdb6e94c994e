import './styles/lazy-image.css'
import { useEffect, useRef, useState } from 'react'

/** How near the viewport an image starts loading, in px (the images configuration's default). */
export const LAZY_LOAD_BUFFER = 100

/** Props of LazyImage. */
export interface LazyImageProps {
  src: string
  alt: string
  /** A number is px. The box keeps this size while the image is not loaded. */
  width?: number | string
  height?: number | string
  /** Starts loading this many px before the image scrolls into view; 100 by default. */
  buffer?: number
  className?: string
}

/**
 * An image that loads once it comes within `buffer` px of the viewport; until it has loaded, a
 * grey box of its size holds its place.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  buffer = LAZY_LOAD_BUFFER,
  className,
}: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null)
  // Without IntersectionObserver (old browsers, jsdom) nothing would ever load: load at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const [loaded, setLoaded] = useState<string | null>(null)

  useEffect(() => {
    if (near || !box.current) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          setNear(true)
        }
      },
      { rootMargin: `${buffer}px` },
    )
    observer.observe(box.current)
    return () => observer.disconnect()
  }, [near, buffer])

  const done = loaded === src
  const classes = ['sw-lazy-image', done ? 'sw-lazy-image-loaded' : '', className ?? '']
  return (
    <span
      ref={box}
      className={classes.filter(Boolean).join(' ')}
      style={{ width, height }}
      // Until the img exists, the box stands for it to screen readers.
      role={near ? undefined : 'img'}
      aria-label={near ? undefined : alt}
      data-testid="lazy-image"
    >
      {near ? (
        <img
          src={src}
          alt={alt}
          // The attributes take only px; CSS sizes the img to its box anyway.
          width={typeof width === 'number' ? width : undefined}
          height={typeof height === 'number' ? height : undefined}
          onLoad={() => setLoaded(src)}
        />
      ) : null}
    </span>
  )
}
