// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TranslateContext } from './i18n.js'
import { PLACEHOLDER_MIN_HEIGHT, Placeholder, PlaceholderBar, Spinner } from './Placeholder.js'

afterEach(cleanup)

describe('Placeholder', () => {
  it('draws one bar per line, hidden from screen readers', () => {
    const { container } = render(<Placeholder lines={4} />)
    const bars = container.querySelectorAll('.sw-placeholder-bar')
    expect(bars).toHaveLength(4)
    for (const bar of bars) expect(bar.getAttribute('aria-hidden')).toBe('true')
    // Uneven widths, so the block reads as lines of text.
    expect((bars[0] as HTMLElement).style.width).not.toBe((bars[3] as HTMLElement).style.width)
  })

  it('draws three bars by default and at least one', () => {
    const { container, rerender } = render(<Placeholder />)
    expect(container.querySelectorAll('.sw-placeholder-bar')).toHaveLength(3)
    rerender(<Placeholder lines={0} />)
    expect(container.querySelectorAll('.sw-placeholder-bar')).toHaveLength(1)
  })

  it('is a busy status named Loading', () => {
    render(<Placeholder />)
    const status = screen.getByRole('status', { name: 'Loading' })
    expect(status.getAttribute('aria-busy')).toBe('true')
  })

  it('fills at least 200 px only when asked', () => {
    const { rerender } = render(<Placeholder />)
    expect(screen.getByTestId('placeholder').style.minHeight).toBe('')
    rerender(<Placeholder fill />)
    expect(PLACEHOLDER_MIN_HEIGHT).toBe(200)
    expect(screen.getByTestId('placeholder').style.minHeight).toBe('200px')
  })

  it('translates its label', () => {
    render(
      <TranslateContext.Provider value={(phrase) => (phrase === 'Loading' ? 'Chargement' : phrase)}>
        <Placeholder />
      </TranslateContext.Provider>,
    )
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeTruthy()
  })
})

describe('PlaceholderBar', () => {
  it('takes a width', () => {
    const { container } = render(<PlaceholderBar width="40%" />)
    expect((container.firstChild as HTMLElement).style.width).toBe('40%')
  })
})

describe('Spinner', () => {
  it('turns the loading icon and names it Loading', () => {
    const { container } = render(<Spinner size={32} />)
    const svg = container.querySelector('svg')!
    expect(svg.getAttribute('data-icon')).toBe('loading')
    expect(svg.classList.contains('sw-spin')).toBe(true)
    expect(svg.getAttribute('width')).toBe('32')
    expect(screen.getByRole('img', { name: 'Loading' })).toBe(svg)
    expect(screen.getByRole('status')).toBe(screen.getByTestId('spinner'))
  })
})
