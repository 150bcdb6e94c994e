import { useEffect, useState, type RefObject } from 'react'

/** One observer per margin: a grid of 50 images shares it. */
const observers = new Map<number, IntersectionObserver>()
const callbacks = new WeakMap<Element, () => void>()

function observerFor(margin: number): IntersectionObserver {
  let observer = observers.get(margin)
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          callbacks.get(entry.target)?.()
        }
      },
      { rootMargin: `${margin}px` },
    )
    observers.set(margin, observer)
  }
  return observer
}

/**
 * True once the element comes within `margin` pixels of the viewport (lazy images load within the
 * site's lazy-load buffer: storefront-theme/README.md, "Images and speed"), and from then on.
 * Without IntersectionObserver (old browsers, tests), at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: number, active = true) {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!active || near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = observerFor(margin)
    callbacks.set(element, () => {
      observer.unobserve(element)
      callbacks.delete(element)
      setNear(true)
    })
    observer.observe(element)
    return () => {
      observer.unobserve(element)
      callbacks.delete(element)
    }
  }, [ref, margin, active, near])
  return near
}
