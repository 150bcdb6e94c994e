// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { language } from '@codemirror/language'
import { EditorView } from '@codemirror/view'
import { afterEach, describe, expect, it } from 'vitest'
import '../shared/errors.js'
import { Drive } from './DriveScreen.js'
import { Editor } from './EditorScreen.js'
import { FakeDrive, VIEW_ONLY } from './testing/fake-drive.js'
import { renderAt } from '@shopwright/admin-ui/testing'

afterEach(cleanup)

// jsdom lays nothing out, and its Range cannot even say so: CodeMirror measures text ranges for
// the cursor and selection. Empty rectangles are what a layout-less page would give.
Range.prototype.getClientRects = function () {
  return Object.assign([], { item: () => null }) as unknown as DOMRectList
}
Range.prototype.getBoundingClientRect = () => new DOMRect()

/** The CodeMirror view the file view shows, once its chunk has loaded. */
async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.cm-content')
    if (!found) throw new Error('no editor yet')
    return found
  })
  return EditorView.findFromDOM(content)!
}

/** Types as a person would: one change at the end of the text. */
function typeAtEnd(view: EditorView, text: string) {
  view.dispatch({ changes: { from: view.state.doc.length, insert: text } })
}

const shown = (id: string) => screen.queryByTestId(id) !== null

describe('the file view', () => {
  it('opens a text file read-only without edit: no saving, formatting or renaming', async () => {
    const drive = new FakeDrive(100, VIEW_ONLY).add('public/a.json', '{"a":1}')
    renderAt('/drive/public/a.json', <Drive api={drive} administrator={false} />)
    const view = await editorView()
    expect(view.state.doc.toString()).toBe('{"a":1}')
    expect(view.state.readOnly).toBe(true)
    expect(view.contentDOM.getAttribute('contenteditable')).toBe('false')
    for (const id of ['save', 'format', 'rename', 'delete']) expect(shown(id), id).toBe(false)
    expect(shown('download') && shown('refresh')).toBe(true)
    expect(screen.getByTestId('file-details').textContent).toContain('Read only')
  })

  it('saves with Ctrl-S and with Cmd-S, formats JSON with four spaces, and marks unsaved text', async () => {
    const drive = new FakeDrive().add('public/a.json', '{"a":[1,2]}')
    renderAt('/drive/public/a.json', <Drive api={drive} administrator={false} />)
    const view = await editorView()
    expect(view.state.readOnly).toBe(false)
    expect(shown('unsaved')).toBe(false)

    fireEvent.click(screen.getByTestId('format'))
    await waitFor(() => expect(view.state.doc.toString()).toBe('{ "a": [1, 2] }\n'))
    expect(shown('unsaved')).toBe(true)
    fireEvent.keyDown(window, { key: 's', ctrlKey: true })
    await waitFor(() => expect(drive.textOf('public/a.json')).toBe('{ "a": [1, 2] }\n'))
    await waitFor(() => expect(shown('unsaved')).toBe(false))

    typeAtEnd(view, ' ')
    await waitFor(() => expect(shown('unsaved')).toBe(true))
    fireEvent.keyDown(view.contentDOM, { key: 'S', metaKey: true, shiftKey: true })
    await waitFor(() => expect(drive.textOf('public/a.json')).toBe('{ "a": [1, 2] }\n '))
    expect(drive.calls).toEqual(['save public/a.json', 'save public/a.json'])
  })

  it('highlights up to 200,000 characters and stops past them', async () => {
    const small = `[${'1,'.repeat(10)}1]`
    const large = `[${'1,'.repeat(100_000)}1]`
    expect(large.length).toBeGreaterThan(200_000)
    const drive = new FakeDrive().add('public/small.json', small).add('public/large.json', large)
    renderAt('/drive/public/small.json', <Drive api={drive} administrator={false} />)
    expect((await editorView()).state.facet(language)?.name).toBe('json')
    cleanup()
    renderAt('/drive/public/large.json', <Drive api={drive} administrator={false} />)
    const view = await editorView()
    expect(view.state.doc.length).toBe(large.length)
    expect(view.state.facet(language)).toBeNull()
    // Cut back under the limit, the text is highlighted again.
    view.dispatch({ changes: { from: 2, to: 150_000 } })
    expect(view.state.facet(language)?.name).toBe('json')
  })

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const drive = new FakeDrive().add('public/a.txt', 'hello')
    const router = renderAt('/drive/public/a.txt', <Drive api={drive} administrator={false} />)
    const view = await editorView()
    typeAtEnd(view, ' world')
    await waitFor(() => expect(shown('unsaved')).toBe(true))

    fireEvent.click(screen.getByRole('link', { name: 'public' }))
    const question = await screen.findByRole('dialog')
    expect(question.textContent).toContain('You have unsaved changes. Leave without saving them?')
    fireEvent.click(screen.getByTestId('dialog-cancel'))
    await waitFor(() => expect(shown('dialog-cancel')).toBe(false))
    expect(router.state.location.pathname).toBe('/drive/public/a.txt')
    expect(view.state.doc.toString()).toBe('hello world')

    // Clicked again at once: the router may block this navigation before React has drawn the
    // unblocked state, and the question must come back all the same.
    fireEvent.click(screen.getByRole('link', { name: 'public' }))
    await screen.findByTestId('dialog-ok')
    expect(router.state.location.pathname).toBe('/drive/public/a.txt')
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public'))
    expect(drive.textOf('public/a.txt')).toBe('hello')
  })

  it('leaves without asking once the changes are saved', async () => {
    const drive = new FakeDrive().add('public/a.txt', 'hello')
    const router = renderAt('/drive/public/a.txt', <Drive api={drive} administrator={false} />)
    const view = await editorView()
    typeAtEnd(view, '!')
    fireEvent.click(await screen.findByTestId('save'))
    await waitFor(() => expect(shown('unsaved')).toBe(false))
    fireEvent.click(screen.getByRole('link', { name: 'public' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public'))
    expect(shown('dialog-ok')).toBe(false)
  })

  it('renames the file and goes to its new address', async () => {
    const drive = new FakeDrive().add('public/earth/a.json', '{}')
    const router = renderAt(
      '/drive/public/earth/a.json',
      <Drive api={drive} administrator={false} />,
    )
    await editorView()
    fireEvent.click(screen.getByTestId('rename'))
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'b.json' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public/earth/b.json'))
    expect(drive.calls).toEqual(['rename public/earth/a.json b.json'])
    // Waits for the renamed file's own view: the old heading may still be up a moment under load.
    expect(await screen.findByRole('heading', { level: 1, name: 'b.json' })).toBeTruthy()
  })

  it('bins the file after the question and goes to its folder', async () => {
    const drive = new FakeDrive().add('public/a.txt', 'x')
    const router = renderAt('/drive/public/a.txt', <Drive api={drive} administrator={false} />)
    await editorView()
    fireEvent.click(screen.getByTestId('delete'))
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Are you sure you want to delete this file?',
    )
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public'))
    expect(drive.has('public/a.txt')).toBe(false)
  })

  it('shows an image as an image and a PDF in a frame', async () => {
    const drive = new FakeDrive().add('public/logo.png', 'png').add('public/terms.pdf', 'pdf')
    renderAt('/drive/public/logo.png', <Drive api={drive} administrator={false} />)
    const image = (await screen.findByRole('img', { name: 'logo.png' })) as HTMLImageElement
    expect(image.getAttribute('src')).toBe('/query/drive/load/public/logo.png')
    expect(shown('format')).toBe(false)
    cleanup()
    renderAt('/drive/public/terms.pdf', <Drive api={drive} administrator={false} />)
    const frame = await screen.findByTitle('terms.pdf')
    expect(frame.tagName).toBe('IFRAME')
  })

  it('opens the file named by ?path= in the editor screen, and keeps renames there', async () => {
    const drive = new FakeDrive().add('private/notes.md', '# Notes')
    const router = renderAt('/editor?path=private%2Fnotes.md', <Editor api={drive} />)
    const view = await editorView()
    expect(view.state.doc.toString()).toBe('# Notes')
    fireEvent.click(screen.getByTestId('rename'))
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'todo.md' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(router.state.location.search).toBe('?path=private%2Ftodo.md'))
  })
})
