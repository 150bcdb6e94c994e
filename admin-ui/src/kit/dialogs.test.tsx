// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog, DialogProvider, useDialogs, type Dialogs } from './dialogs.js'

let dialogs: Dialogs
function Capture() {
  dialogs = useDialogs()
  return null
}
const mount = () =>
  render(
    <DialogProvider>
      <Capture />
    </DialogProvider>,
  )

/** Shows a dialog inside act (it renders at once); the promise its closing settles. */
function shown<T>(show: () => Promise<T>): Promise<T> {
  let result!: Promise<T>
  act(() => {
    result = show()
  })
  return result
}

/** A dialog with one primary action, closing it with `value`; its Close closes it with null. */
const withAction = (title: string, label: string, value: string, body: ReactNode) =>
  dialogs.open<string>(({ close }) => (
    <Dialog
      title={title}
      onClose={() => close(null)}
      actions={[{ label, primary: true, run: () => close(value) }]}
    >
      {body}
    </Dialog>
  ))

afterEach(cleanup)

describe('the dialog stack', () => {
  it('resolves with the value a dialog closes with', async () => {
    mount()
    const result = shown(() => withAction('Pick', 'Take', 'taken', 'body'))
    fireEvent.click(await screen.findByText('Take'))
    expect(await result).toBe('taken')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('resolves null when closed by its button, Escape or a click outside', async () => {
    mount()
    for (const close of [
      () => fireEvent.click(screen.getByLabelText('Close')),
      () => fireEvent.keyDown(window, { key: 'Escape' }),
      () => fireEvent.mouseDown(document.querySelector('.sw-dialog-backdrop')!),
    ]) {
      const result = shown<null>(() => dialogs.alert('Note', 'hello'))
      await screen.findByRole('dialog')
      act(close)
      expect(await result).toBeNull()
      expect(screen.queryByRole('dialog')).toBeNull()
    }
  })

  it('is labelled by its title, takes the focus at its first field and gives it back', async () => {
    render(
      <DialogProvider>
        <Capture />
        <button data-testid="opener">Open</button>
      </DialogProvider>,
    )
    const opener = screen.getByTestId('opener')
    opener.focus()
    const result = shown(() =>
      withAction('Rename', 'Save', 'saved', <input aria-label="Name" data-testid="name" />),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Rename' })
    expect(dialog.tagName).toBe('DIALOG')
    expect(document.activeElement).toBe(screen.getByTestId('name'))
    act(() => fireEvent.keyDown(window, { key: 'Escape' }))
    expect(await result).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('rejects when the dialog fails', async () => {
    mount()
    const result = shown<unknown>(() =>
      dialogs.open(({ fail }) => (
        <Dialog title="Broken" onClose={() => fail(new Error('gone'))}>
          x
        </Dialog>
      )),
    )
    fireEvent.click(await screen.findByLabelText('Close'))
    await expect(result).rejects.toThrow('gone')
  })

  it('stacks dialogs and lets Escape close only the top one', async () => {
    mount()
    const first = shown(() => dialogs.alert('First', 'one'))
    const second = shown(() => dialogs.alert('Second', 'two'))
    expect(screen.getAllByRole('dialog')).toHaveLength(2)
    act(() => fireEvent.keyDown(window, { key: 'Escape' }))
    expect(await second).toBeNull()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    expect(screen.getByText('one')).toBeTruthy()
    act(() => fireEvent.keyDown(window, { key: 'Escape' }))
    expect(await first).toBeNull()
  })

  it('keeps a dialog open and shows an error when its validation fails on OK', async () => {
    mount()
    let valid = false
    const result = shown<string | null>(() =>
      dialogs.open<string>(({ close }) => (
        <Dialog
          title="Form"
          onClose={() => close(null)}
          validate={() => (valid ? null : 'ERROR_INPUT_VALUE_REQUIRED')}
          actions={[{ label: 'OK', primary: true, validates: true, run: () => close('saved') }]}
        >
          form
        </Dialog>
      )),
    )
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect(await screen.findByText('A value is required.')).toBeTruthy()
    expect(screen.getAllByRole('dialog')).toHaveLength(2)
    // Dismiss the error; the form is still there.
    const errorOk = screen.getAllByTestId('dialog-ok').at(-1)!
    fireEvent.click(errorOk)
    await act(async () => {})
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    valid = true
    fireEvent.click(screen.getByTestId('dialog-ok'))
    expect(await result).toBe('saved')
  })

  it('confirms with true, and cancels with false', async () => {
    mount()
    const yes = shown(() => dialogs.confirm('Empty the bin?'))
    fireEvent.click(await screen.findByTestId('dialog-ok'))
    expect(await yes).toBe(true)
    const no = shown(() => dialogs.confirm('Empty the bin?'))
    fireEvent.click(await screen.findByTestId('dialog-cancel'))
    expect(await no).toBe(false)
  })

  it('shows a server error code as its message under the given title', async () => {
    mount()
    act(() => {
      void dialogs.error('Unable to Delete', { code: 'ERROR_PERMISSION_TYPE', reason: 'customer' })
    })
    expect(await screen.findByText('Unable to Delete')).toBeTruthy()
    expect(screen.getByText('You do not have {0} permission.')).toBeTruthy()
    expect(screen.getByText('customer')).toBeTruthy()
  })
})
