// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAZY_LOAD_BUFFER, LazyImage } from './LazyImage.js'

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static made: FakeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(
    public callback: IntersectionObserverCallback,
    public options: IntersectionObserverInit = {},
  ) {
    FakeObserver.made.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  /** Reports the observed element as near the viewport, or not. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }))
    act(() => this.callback(entries as IntersectionObserverEntry[], this as never))
  }
}

function withObserver() {
  FakeObserver.made = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('LazyImage', () => {
  it('loads at once where there is no IntersectionObserver', () => {
    expect(typeof IntersectionObserver).toBe('undefined')
    render(<LazyImage src="/a.png" alt="A chair" width={120} height={90} />)
    const img = screen.getByRole('img', { name: 'A chair' })
    expect(img.tagName).toBe('IMG')
    expect(img.getAttribute('src')).toBe('/a.png')
    expect(img.getAttribute('width')).toBe('120')
  })

  it('holds a grey box of its size and no src until it comes near', () => {
    withObserver()
    render(<LazyImage src="/a.png" alt="A chair" width={120} height={90} />)
    const box = screen.getByTestId('lazy-image')
    expect(box.querySelector('img')).toBeNull()
    expect(box.style.width).toBe('120px')
    expect(box.style.height).toBe('90px')
    expect(box.classList.contains('sw-lazy-image-loaded')).toBe(false)
    // The box stands in for the image meanwhile.
    expect(screen.getByRole('img', { name: 'A chair' })).toBe(box)

    const [observer] = FakeObserver.made
    expect(observer!.observed).toEqual([box])
    observer!.report(false)
    expect(box.querySelector('img')).toBeNull()

    observer!.report(true)
    expect(box.querySelector('img')!.getAttribute('src')).toBe('/a.png')
    expect(observer!.disconnected).toBe(true)
    expect(box.hasAttribute('role')).toBe(false)
  })

  it('watches 100 px around the viewport by default, or the buffer given', () => {
    withObserver()
    expect(LAZY_LOAD_BUFFER).toBe(100)
    render(<LazyImage src="/a.png" alt="" />)
    expect(FakeObserver.made[0]!.options.rootMargin).toBe('100px')
    cleanup()
    render(<LazyImage src="/a.png" alt="" buffer={300} />)
    expect(FakeObserver.made[1]!.options.rootMargin).toBe('300px')
  })

  it('stops watching when it goes away', () => {
    withObserver()
    const { unmount } = render(<LazyImage src="/a.png" alt="" />)
    unmount()
    expect(FakeObserver.made[0]!.disconnected).toBe(true)
  })

  it('drops the grey once the image has loaded, and again until a new src loads', () => {
    const { rerender } = render(<LazyImage src="/a.png" alt="A" width="50%" />)
    const box = screen.getByTestId('lazy-image')
    const img = box.querySelector('img')!
    // A width in % goes on the box only; the img attribute takes px.
    expect(box.style.width).toBe('50%')
    expect(img.hasAttribute('width')).toBe(false)
    fireEvent.load(img)
    expect(box.classList.contains('sw-lazy-image-loaded')).toBe(true)
    rerender(<LazyImage src="/b.png" alt="B" width="50%" />)
    expect(box.classList.contains('sw-lazy-image-loaded')).toBe(false)
    expect(img.getAttribute('src')).toBe('/b.png')
  })
})
