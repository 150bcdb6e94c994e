// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useNavigate } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useDialogs } from '../kit/dialogs.js'
import { renderAt, useHeldValue } from './index.js'

afterEach(cleanup)

/** A screen that leads elsewhere and can open a dialog, as a panel's screen does. */
function Screen() {
  const navigate = useNavigate()
  const dialogs = useDialogs()
  return (
    <>
      <button type="button" onClick={() => void navigate('/data/item/7?tab=2')}>
        Open
      </button>
      <button type="button" onClick={() => void dialogs.confirm('Delete?')}>
        Delete
      </button>
    </>
  )
}

describe('renderAt', () => {
  it('mounts the screen at the address with the dialog stack, and shows where it went', async () => {
    const router = renderAt('/items?page=2', <Screen />, [
      { path: '/data/item/:id', element: <p data-testid="item">item</p> },
    ])
    expect(screen.getByTestId('address').textContent).toBe('/items?page=2')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Delete?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByTestId('item')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/data/item/7')
  })
})

describe('useHeldValue', () => {
  it('keeps each change and reports it', () => {
    const seen: string[] = []
    function Field() {
      const held = useHeldValue('a', (value) => seen.push(value))
      return <input value={held.value} onChange={(event) => held.onChange(event.target.value)} />
    }
    render(<Field />)
    const input = screen.getByRole('textbox') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'ab' } })
    expect(input.value).toBe('ab')
    expect(seen).toEqual(['ab'])
  })
})
