// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from '../test/harness.js'
import { useAlert, useConfirm } from './Alert.js'

afterEach(cleanup)

/** Buttons that show a message and ask a question, recording the answers. */
function Asker({ answers }: { answers: unknown[] }) {
  const alert = useAlert()
  const confirm = useConfirm()
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void alert('Unable to Save', 'Try again later.').then(() => answers.push('dismissed'))
        }
      >
        Save
      </button>
      <button
        type="button"
        onClick={() => void confirm('Delete it?').then((ok) => answers.push(ok))}
      >
        Delete
      </button>
    </>
  )
}

describe('the message dialog', () => {
  it('shows the message under its title, modal, with focus on OK and back after', async () => {
    const answers: unknown[] = []
    renderPage(<Asker answers={answers} />)
    const opener = screen.getByRole('button', { name: 'Save' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.textContent).toContain('Unable to Save')
    expect(dialog.textContent).toContain('Try again later.')
    expect(document.activeElement).toBe(screen.getByTestId('alert-ok'))
    fireEvent.click(screen.getByTestId('alert-ok'))
    await waitFor(() => expect(answers).toEqual(['dismissed']))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('asks a question: OK answers true, Escape answers Cancel', async () => {
    const answers: unknown[] = []
    renderPage(<Asker answers={answers} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Delete it?')
    fireEvent.click(screen.getByTestId('alert-ok'))
    await waitFor(() => expect(answers).toEqual([true]))

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog')
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    await waitFor(() => expect(answers).toEqual([true, false]))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
