// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { useHeldValue } from '../../testing/index.js'
import { closeAllPopups } from '../Popup.js'
import { ColourInput } from './ColourInput.js'
import { FieldInput } from './FieldInput.js'

afterEach(cleanup)

/** A colour field in a form, its value held in state, reporting every change. */
function Harness({
  initial,
  onValue,
  more,
}: {
  initial?: unknown
  onValue(value: unknown): void
  more?: Partial<FieldDefinition>
}) {
  const held = useHeldValue<unknown>(initial, onValue)
  const field: FieldDefinition = { id: 'brand', name: 'Brand colour', datatype: 'color', ...more }
  return <FieldInput field={field} value={held.value} onChange={held.onChange} />
}

/** Renders the field holding `initial`; the mock its changes go to. */
function renderColour(initial?: unknown, more?: Partial<FieldDefinition>) {
  const onValue = vi.fn()
  render(<Harness initial={initial} onValue={onValue} more={more} />)
  return onValue
}

const text = () => screen.getByRole('textbox', { name: 'Brand colour' }) as HTMLInputElement
const swatch = () => screen.getByTestId('colour-swatch')
const popup = () => screen.queryByTestId('colour-popup')
const slider = (name: string) => screen.getByLabelText(name) as HTMLInputElement
const openPopup = () => fireEvent.click(swatch())

describe('ColourInput', () => {
  it('shows the colour on its swatch and its hex as text, which can still be typed', () => {
    const onValue = renderColour('#1e88e5')
    expect(text().value).toBe('#1e88e5')
    expect(swatch().getAttribute('aria-label')).toBe('Colour: #1e88e5')
    // Named by the field's label first, so two colour fields' swatches differ.
    expect(screen.getByRole('button', { name: 'Brand colour Colour: #1e88e5' })).toBe(swatch())
    expect(swatch().getAttribute('aria-expanded')).toBe('false')
    const fill = swatch().querySelector<HTMLElement>('.sw-colour-swatch-fill')!
    expect(fill.style.getPropertyValue('--sw-fill')).toBe('#1e88e5')
    fireEvent.change(text(), { target: { value: '#FF000080' } })
    expect(onValue).toHaveBeenLastCalledWith('#ff000080')
    expect(swatch().getAttribute('aria-label')).toBe('Colour: #ff000080')
    // Something that is not yet a colour is kept as typed; the swatch shows none.
    fireEvent.change(text(), { target: { value: '#ff0' } })
    expect(text().value).toBe('#ff0')
    expect(swatch().querySelector('.sw-colour-swatch-none')).not.toBeNull()
  })

  it('opens a popup of the 67 swatches with the current one pressed and focused', () => {
    renderColour('#0055aa')
    openPopup()
    const box = popup()!
    expect(box.getAttribute('role')).toBe('dialog')
    expect(box.parentElement).toBe(document.body)
    expect(box.style.visibility).toBe('')
    expect(swatch().getAttribute('aria-expanded')).toBe('true')
    expect(swatch().getAttribute('aria-controls')).toBe(box.id)
    const swatches = box.querySelectorAll('.sw-colour-palette button')
    expect(swatches).toHaveLength(67)
    const pressed = [...swatches].filter((each) => each.getAttribute('aria-pressed') === 'true')
    expect(pressed.map((each) => each.getAttribute('aria-label'))).toEqual(['#0055aa'])
    expect(document.activeElement).toBe(pressed[0])
    expect(screen.getByRole('button', { name: '#d4d4d4' })).toBeTruthy()
    // A click on the swatch again closes it.
    openPopup()
    expect(popup()).toBeNull()
  })

  it('sets the picked swatch, keeping the opacity, and stays open to adjust it', () => {
    const onValue = renderColour('#1e88e580')
    openPopup()
    fireEvent.click(screen.getByRole('button', { name: '#ff0000' }))
    expect(onValue).toHaveBeenLastCalledWith('#ff000080')
    expect(popup()).not.toBeNull()
    expect(screen.getByRole('button', { name: '#ff0000' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(slider('Hue').value).toBe('0')
    expect(slider('Saturation').value).toBe('100')
    expect(slider('Lightness').value).toBe('50')
    expect(slider('Opacity').value).toBe('50')
  })

  it('moves hue, saturation, lightness and opacity with its sliders', () => {
    const onValue = renderColour('#ff0000')
    openPopup()
    fireEvent.change(slider('Hue'), { target: { value: '120' } })
    expect(onValue).toHaveBeenLastCalledWith('#00ff00')
    fireEvent.change(slider('Lightness'), { target: { value: '25' } })
    expect(onValue).toHaveBeenLastCalledWith('#008000')
    fireEvent.change(slider('Opacity'), { target: { value: '50' } })
    expect(onValue).toHaveBeenLastCalledWith('#00800080')
    expect(slider('Opacity').getAttribute('aria-valuetext')).toBe('50%')
    fireEvent.change(slider('Opacity'), { target: { value: '100' } })
    expect(onValue).toHaveBeenLastCalledWith('#008000')
    // A grey keeps the hue it was given: saturation back up gives the same green.
    fireEvent.change(slider('Saturation'), { target: { value: '0' } })
    expect(onValue).toHaveBeenLastCalledWith('#404040')
    expect(slider('Hue').value).toBe('120')
    fireEvent.change(slider('Saturation'), { target: { value: '100' } })
    expect(onValue).toHaveBeenLastCalledWith('#008000')
    expect(text().value).toBe('#008000')
  })

  it('sets its sliders from a colour typed or given from elsewhere', () => {
    renderColour('')
    openPopup()
    // No colour yet: a pure red, so that each slider moves something.
    expect(slider('Saturation').value).toBe('100')
    expect(slider('Opacity').value).toBe('100')
    fireEvent.change(text(), { target: { value: '#1e88e5' } })
    expect(slider('Hue').value).toBe('208')
    expect(slider('Saturation').value).toBe('79')
    expect(slider('Lightness').value).toBe('51')
    fireEvent.change(text(), { target: { value: '#00000080' } })
    expect(slider('Lightness').value).toBe('0')
    expect(slider('Opacity').value).toBe('50')
  })

  it('clears a field that is not required with None, and offers none when required', () => {
    const onValue = renderColour('#123456')
    openPopup()
    fireEvent.click(screen.getByRole('button', { name: 'None' }))
    expect(onValue).toHaveBeenLastCalledWith(null)
    expect(popup()).toBeNull()
    expect(text().value).toBe('')
    expect(document.activeElement).toBe(swatch())
    cleanup()

    renderColour('#123456', { required: true })
    openPopup()
    expect(screen.queryByRole('button', { name: 'None' })).toBeNull()
  })

  it("closes with the kit's other popups: the router's closeAllPopups on navigation", () => {
    renderColour('#1e88e5')
    openPopup()
    expect(popup()).not.toBeNull()
    act(() => closeAllPopups())
    expect(popup()).toBeNull()
  })

  it('closes on Escape, a click elsewhere and a resize, as the kit popups do', () => {
    renderColour('#123456')
    openPopup()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(popup()).toBeNull()
    expect(document.activeElement).toBe(swatch())
    openPopup()
    fireEvent.click(document.body)
    expect(popup()).toBeNull()
    openPopup()
    // A click inside does not close it.
    fireEvent.click(slider('Hue'))
    expect(popup()).not.toBeNull()
    act(() => {
      window.dispatchEvent(new Event('resize'))
    })
    expect(popup()).toBeNull()
  })

  it('is one tab stop of arrow keys through the palette, and Tab past its ends closes it', () => {
    renderColour('#000000')
    openPopup()
    const focused = () => document.activeElement?.getAttribute('aria-label')
    expect(focused()).toBe('#000000')
    const key = (name: string, more = {}) =>
      fireEvent.keyDown(document.activeElement!, { key: name, ...more })
    key('ArrowRight')
    expect(focused()).toBe('#000055')
    key('ArrowDown')
    expect(focused()).toBe('#00aa55')
    key('ArrowUp')
    key('ArrowLeft')
    key('ArrowLeft')
    expect(focused()).toBe('#000000')
    key('End')
    expect(focused()).toBe('#d4d4d4')
    key('Home')
    expect(focused()).toBe('#000000')
    const tabbable = [...popup()!.querySelectorAll('button, input')].filter(
      (each) => each.getAttribute('tabindex') !== '-1',
    )
    expect(tabbable).toHaveLength(6)
    // Shift+Tab from the palette goes back to the swatch.
    key('Tab', { shiftKey: true })
    expect(popup()).toBeNull()
    expect(document.activeElement).toBe(swatch())
    openPopup()
    screen.getByRole('button', { name: 'None' }).focus()
    key('Tab')
    expect(popup()).toBeNull()
  })

  it('opens nothing when read-only', () => {
    renderColour('#1e88e5', { required: true })
    cleanup()
    const onChange = vi.fn()
    render(<ColourInput id="c" value="#1e88e5" onChange={onChange} readOnly />)
    expect(screen.queryByTestId('colour-swatch')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    const input = screen.getByRole('textbox') as HTMLInputElement
    expect(input.readOnly).toBe(true)
    expect(input.value).toBe('#1e88e5')
  })

  it('keeps its popup inside a phone-wide window', () => {
    const width = window.innerWidth
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 260 })
    try {
      renderColour('#1e88e5')
      openPopup()
      expect(popup()!.style.width).toBe('244px')
    } finally {
      Object.defineProperty(window, 'innerWidth', {
        configurable: true,
        writable: true,
        value: width,
      })
    }
  })
})
