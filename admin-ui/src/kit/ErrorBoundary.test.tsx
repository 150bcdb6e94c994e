// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary.js'

afterEach(cleanup)

let broken = true
function Fragile() {
  if (broken) throw new Error('the chart has no data')
  return <p>rendered</p>
}

describe('ErrorBoundary', () => {
  it('shows ERROR_UNABLE_TO_RENDER with the message, and renders again on Try Again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    broken = true
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    )
    expect(screen.getByText('Unable to render.')).toBeTruthy()
    expect(screen.getByText('the chart has no data')).toBeTruthy()
    broken = false
    fireEvent.click(screen.getByTestId('try-again'))
    expect(screen.getByText('rendered')).toBeTruthy()
  })

  it('clears the error when the address changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    broken = true
    const view = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    )
    expect(screen.getByTestId('error-view')).toBeTruthy()
    broken = false
    view.rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile />
      </ErrorBoundary>,
    )
    expect(screen.getByText('rendered')).toBeTruthy()
  })
})
