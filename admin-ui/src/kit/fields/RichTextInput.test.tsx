// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useHeldValue } from '../../testing/index.js'
import { FieldEditorsContext, PAGE_LINK_EDITOR, type FieldEditors } from './field-editors.js'
import { RichTextInput } from './RichTextInput.js'

afterEach(cleanup)
// jsdom lays nothing out: ProseMirror asks where the selection is after a change, to scroll to it.
Range.prototype.getClientRects = () => [] as unknown as DOMRectList
Range.prototype.getBoundingClientRect = () => new DOMRect()

/** The field as a form holds it: the value in state, every change reported. */
function Harness({
  initial,
  onValue,
  readOnly,
  answer = '<p>Cleaned</p>',
}: {
  initial: string
  onValue(html: string): void
  readOnly?: boolean
  answer?: string
}) {
  const held = useHeldValue(initial, onValue)
  return (
    <>
      <label id="body-label" htmlFor="body">
        Body
      </label>
      <RichTextInput
        id="body"
        labelId="body-label"
        value={held.value}
        readOnly={readOnly}
        onChange={held.onChange}
      />
      {/* Stands for a value from outside: the record answered as the server cleaned it. */}
      <button type="button" onClick={() => held.setValue(answer)}>
        Answer
      </button>
    </>
  )
}

/** The editable area, once the editor's chunk has loaded (the textarea stands in before). */
async function editable(): Promise<HTMLElement> {
  await screen.findByRole('toolbar', { name: 'Formatting' })
  return screen.getByRole('textbox', { name: 'Body' })
}

/** Selects the whole text, as Ctrl+A does. */
function selectAll(area: HTMLElement) {
  act(() => area.focus())
  fireEvent.keyDown(area, { key: 'a', ctrlKey: true })
}

const button = (name: string) => screen.getByRole('button', { name })

describe('RichTextInput', () => {
  it('takes typing in a textarea while the editor loads', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>Hi</p>" onValue={onValue} />)
    const waiting = screen.getByRole('textbox', { name: 'Body' })
    expect(waiting.tagName).toBe('TEXTAREA')
    fireEvent.change(waiting, { target: { value: '<p>Hi there</p>' } })
    expect(onValue).toHaveBeenLastCalledWith('<p>Hi there</p>')
    // The editor, once loaded, shows what was typed meanwhile.
    expect((await editable()).innerHTML).toBe('<p>Hi there</p>')
  })

  it('answers the HTML of typed text and of toolbar commands, and empty as ""', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>hello</p>" onValue={onValue} />)
    const area = await editable()
    expect(area.getAttribute('aria-multiline')).toBe('true')
    // Typing reaches ProseMirror as a change of the editable DOM.
    act(() => {
      area.querySelector('p')!.firstChild!.textContent = 'hello world'
    })
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p>hello world</p>'))

    selectAll(area)
    fireEvent.click(button('Bold'))
    expect(onValue).toHaveBeenLastCalledWith('<p><strong>hello world</strong></p>')
    expect(button('Bold').getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(button('Heading 2'))
    expect(onValue).toHaveBeenLastCalledWith('<h2><strong>hello world</strong></h2>')
    // A list item holds paragraphs: the heading becomes one.
    fireEvent.click(button('Bulleted list'))
    expect(onValue).toHaveBeenLastCalledWith(
      '<ul><li><p><strong>hello world</strong></p></li></ul>',
    )
    // Undo goes back to an earlier text (quick steps are one undo group), Redo to the list.
    const list = onValue.mock.lastCall?.[0]
    fireEvent.click(button('Undo'))
    expect(onValue.mock.lastCall?.[0]).not.toContain('<ul>')
    fireEvent.click(button('Redo'))
    expect(onValue).toHaveBeenLastCalledWith(list)

    selectAll(area)
    fireEvent.keyDown(area, { key: 'Backspace' })
    expect(onValue).toHaveBeenLastCalledWith('')
  })

  it('makes a link from the address row, and refuses one the server would drop', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>About us</p>" onValue={onValue} />)
    selectAll(await editable())
    fireEvent.click(button('Link'))
    const address = screen.getByRole('textbox', { name: 'Link address' })
    expect(document.activeElement).toBe(address)
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } })
    fireEvent.keyDown(address, { key: 'Enter' })
    expect(screen.getByRole('alert').textContent).toContain('http, https, mailto or tel')
    expect(onValue).not.toHaveBeenCalled()
    fireEvent.change(address, { target: { value: '/about' } })
    fireEvent.click(button('Apply'))
    // Kept in this tab: no target or rel of TipTap's own.
    expect(onValue).toHaveBeenLastCalledWith('<p><a href="/about">About us</a></p>')
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull()
  })

  it('links a record chosen with the plugin’s chooser, named by it when no text is selected', async () => {
    const onValue = vi.fn()
    // Stands for the records admin's chooser: it answers a pick with its page's address and name.
    const editors: FieldEditors = {
      [PAGE_LINK_EDITOR]: ({ onChange, readOnly }) =>
        readOnly ? null : (
          <button type="button" onClick={() => onChange({ address: '/item/mug', name: 'Mug' })}>
            Pick the mug
          </button>
        ),
    }
    render(
      <FieldEditorsContext.Provider value={editors}>
        <Harness initial="<p>Buy one</p>" onValue={onValue} />
      </FieldEditorsContext.Provider>,
    )
    const area = await editable()
    act(() => area.focus())
    fireEvent.click(button('Link'))
    expect(screen.queryByRole('button', { name: 'Pick the mug' })).toBeNull()
    fireEvent.click(button('Choose a page'))
    expect(button('Choose a page').getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(button('Pick the mug'))
    // The cursor was at the start (jsdom puts it there on focus).
    expect(onValue).toHaveBeenLastCalledWith('<p><a href="/item/mug">Mug</a>Buy one</p>')
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull()

    // With text selected, the text becomes the link.
    selectAll(area)
    fireEvent.click(button('Link'))
    fireEvent.click(button('Choose a page'))
    fireEvent.click(button('Pick the mug'))
    expect(onValue).toHaveBeenLastCalledWith('<p><a href="/item/mug">MugBuy one</a></p>')
  })

  it('has the plugin’s chooser name the record a link to this site goes to', async () => {
    // Stands for the records admin's chooser: read-only, it names the address it is given.
    const editors: FieldEditors = {
      [PAGE_LINK_EDITOR]: ({ value, readOnly }) =>
        readOnly ? <p>Goes to {String(value)}</p> : <span>chooser</span>,
    }
    const { unmount } = render(
      <FieldEditorsContext.Provider value={editors}>
        <Harness initial={'<p><a href="/item/mug">Mug</a></p>'} onValue={vi.fn()} />
      </FieldEditorsContext.Provider>,
    )
    selectAll(await editable())
    fireEvent.click(button('Link'))
    expect(screen.getByText('Goes to /item/mug')).toBeTruthy()
    // The chooser itself opens only when asked.
    expect(screen.queryByText('chooser')).toBeNull()
    unmount()

    // Another site's address is no page of this one: nothing is asked.
    render(
      <FieldEditorsContext.Provider value={editors}>
        <Harness initial={'<p><a href="https://example.com/">Out</a></p>'} onValue={vi.fn()} />
      </FieldEditorsContext.Provider>,
    )
    selectAll(await editable())
    fireEvent.click(button('Link'))
    expect(screen.getByRole('textbox', { name: 'Link address' })).toBeTruthy()
    expect(screen.queryByText(/Goes to/)).toBeNull()
  })

  it('offers no chooser when no plugin supplies one', async () => {
    render(<Harness initial="<p>About us</p>" onValue={vi.fn()} />)
    selectAll(await editable())
    fireEvent.click(button('Link'))
    expect(screen.queryByRole('button', { name: 'Choose a page' })).toBeNull()
  })

  it('puts a value from outside in without reporting it as a change or an undo step', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>Draft</p>" onValue={onValue} />)
    const area = await editable()
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }))
    expect(area.innerHTML).toBe('<p>Cleaned</p>')
    expect(onValue).not.toHaveBeenCalled()
    expect((button('Undo') as HTMLButtonElement).disabled).toBe(true)
    // The editor's own change is not put back over what is being typed.
    selectAll(area)
    fireEvent.click(button('Italic'))
    expect(onValue).toHaveBeenCalledTimes(1)
    expect(area.innerHTML).toBe('<p><em>Cleaned</em></p>')
  })

  it('leaves the same text spelled otherwise alone, keeping the selection', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>a<br>b</p>" answer="<p>a<br />b</p>" onValue={onValue} />)
    const area = await editable()
    // Select the "b" after the line break, as the mouse would.
    act(() => {
      area.focus()
      const b = area.querySelector('p')!.lastChild!
      document.getSelection()!.setBaseAndExtent(b, 0, b, 1)
      document.dispatchEvent(new Event('selectionchange'))
    })
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }))
    // Still selected: Bold applies to it.
    fireEvent.click(button('Bold'))
    expect(onValue).toHaveBeenLastCalledWith('<p>a<br><strong>b</strong></p>')
  })

  it('edits the HTML source, and shows the edit in the editor when toggled back', async () => {
    const onValue = vi.fn()
    render(<Harness initial="<p>One</p>" onValue={onValue} />)
    const area = await editable()
    const toggle = button('HTML source')
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect((button('Bold') as HTMLButtonElement).disabled).toBe(true)
    const source = screen.getByTestId('rich-text-source-text') as HTMLTextAreaElement
    expect(source.value).toBe('<p>One</p>')
    fireEvent.change(source, { target: { value: '<p>Two <b>bold</b></p>' } })
    // The source is sent as typed: the server's cleaning decides what is kept.
    expect(onValue).toHaveBeenLastCalledWith('<p>Two <b>bold</b></p>')
    fireEvent.click(toggle)
    expect(screen.queryByTestId('rich-text-source-text')).toBeNull()
    expect(area.innerHTML).toBe('<p>Two <strong>bold</strong></p>')
    // Toggling back is no change of its own.
    expect(onValue).toHaveBeenCalledTimes(1)
  })

  it('opens HTML the editor would lose parts of as source, with a note', async () => {
    const onValue = vi.fn()
    // A caption is not something the editor keeps.
    const table = '<table><caption>Prices</caption><tbody><tr><td>Price</td></tr></tbody></table>'
    render(<Harness initial={table} onValue={onValue} />)
    await editable()
    expect(screen.getByTestId('rich-text-note').textContent).toContain('cannot keep')
    expect((screen.getByTestId('rich-text-source-text') as HTMLTextAreaElement).value).toBe(table)
    expect(button('HTML source').getAttribute('aria-pressed')).toBe('true')
    expect(onValue).not.toHaveBeenCalled()
  })

  it('shows a read-only text without a toolbar', async () => {
    render(<Harness initial="<p>Fixed</p>" onValue={() => {}} readOnly />)
    const area = await waitFor(() => {
      const found = screen.getByRole('textbox', { name: 'Body' })
      expect(found.tagName).toBe('DIV')
      return found
    })
    expect(area.getAttribute('contenteditable')).toBe('false')
    expect(area.getAttribute('aria-readonly')).toBe('true')
    expect(screen.queryByRole('toolbar')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Bold' })).toBeNull()
  })
})
