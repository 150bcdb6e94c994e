// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import '../shared/errors.js'
import { Drive } from './DriveScreen.js'
import { FakeDrive } from './testing/fake-drive.js'
import { VIEW_MODE_KEY } from './view-mode.js'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const open = (drive: FakeDrive, address: string) =>
  renderAt(address, <Drive api={drive} administrator={false} />)

/** A folder of pictures with a sub-folder, a PDF and a text file. */
const catalogue = () =>
  new FakeDrive()
    .add('public/catalogue/old')
    .add('public/catalogue/cap.webp', 'cap')
    .add('public/catalogue/guide.pdf', '%PDF-')
    .add('public/catalogue/notes.txt', 'notes')
    .add('public/catalogue/tee.jpg', 'tee')

const tile = (path: string) => screen.getByTestId(`tile-${path}`)
const pressed = (id: string) => screen.getByTestId(id).getAttribute('aria-pressed')

describe('the folder grid', () => {
  it('shows thumbnails of images and icons of the rest, names under each, and remembers the choice', async () => {
    open(catalogue(), '/drive/public/catalogue')
    await screen.findByTestId('row-public/catalogue/cap.webp')
    expect([pressed('view-table'), pressed('view-grid')]).toEqual(['true', 'false'])
    fireEvent.click(screen.getByTestId('view-grid'))
    await screen.findByTestId('drive-grid')
    expect([pressed('view-table'), pressed('view-grid')]).toEqual(['false', 'true'])
    expect(screen.queryByTestId('row-public/catalogue/cap.webp')).toBeNull()
    // Folders first, then files, as in the table; the name is each tile's text, never the path.
    const names = within(screen.getByTestId('drive-grid'))
      .getAllByRole('link')
      .map((link) => link.querySelector('.drive-tile-name')!.textContent)
    expect(names).toEqual(['old', 'cap.webp', 'guide.pdf', 'notes.txt', 'tee.jpg'])
    // An image is a resized thumbnail (the server's ladder), loaded as it scrolls into view.
    const thumbnail = tile('public/catalogue/cap.webp').querySelector('img')!
    expect(thumbnail.getAttribute('src')).toBe(
      '/query/drive/load/public/catalogue/cap.webp?width=320&height=320',
    )
    expect(thumbnail.getAttribute('loading')).toBe('lazy')
    // The rest have the icon of their kind, and no picture.
    const icon = (path: string) => tile(path).querySelector('svg')?.dataset.icon
    expect(icon('public/catalogue/old')).toBe('folder')
    expect(icon('public/catalogue/guide.pdf')).toBe('file-pdf-box')
    expect(icon('public/catalogue/notes.txt')).toBe('file-document')
    expect(tile('public/catalogue/notes.txt').querySelector('img')).toBeNull()
    // Remembered for the next folder opened in this browser.
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBe('grid')
    cleanup()
    open(catalogue(), '/drive/public')
    await screen.findByTestId('tile-public/catalogue')
    fireEvent.click(screen.getByTestId('view-table'))
    await screen.findByTestId('row-public/catalogue')
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBe('table')
  })

  it("falls back to the icon when an image's thumbnail does not load", async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'grid')
    open(catalogue(), '/drive/public/catalogue')
    await screen.findByTestId('tile-public/catalogue/tee.jpg')
    fireEvent.error(tile('public/catalogue/tee.jpg').querySelector('img')!)
    expect(tile('public/catalogue/tee.jpg').querySelector('img')).toBeNull()
    expect(tile('public/catalogue/tee.jpg').querySelector('svg')?.dataset.icon).toBe('file-image')
  })

  it('selects tiles by their boxes and bins them; a folder tile opens the folder', async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'grid')
    const drive = catalogue()
    const router = open(drive, '/drive/public/catalogue')
    const box = await screen.findByRole('checkbox', { name: 'Select notes.txt' })
    expect((screen.getByTestId('delete') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(box)
    expect(tile('public/catalogue/notes.txt').className).toContain('drive-tile-selected')
    fireEvent.click(screen.getByTestId('delete'))
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(screen.queryByTestId('tile-public/catalogue/notes.txt')).toBeNull())
    expect(drive.calls).toEqual(['bin public/catalogue/notes.txt'])

    fireEvent.click(within(tile('public/catalogue/old')).getByRole('link'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public/catalogue/old'))
    expect(await screen.findByTestId('grid-empty')).toBeTruthy()
  })

  it('says so while the folder loads and when it is empty', async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'grid')
    open(new FakeDrive().add('private/empty'), '/drive/private/empty')
    expect(screen.getByTestId('grid-loading').textContent).toBe('Loading')
    expect((await screen.findByTestId('grid-empty')).textContent).toBe(
      'This folder is empty: drop files here to upload them.',
    )
  })
})

describe('the preview', () => {
  it('opens an image over the folder, with its size, and goes through the images and PDFs', async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'grid')
    const router = open(catalogue(), '/drive/public/catalogue')
    await screen.findByTestId('tile-public/catalogue/cap.webp')
    fireEvent.click(within(tile('public/catalogue/cap.webp')).getByRole('link'))
    const dialog = await screen.findByRole('dialog')
    expect(router.state.location.pathname).toBe('/drive/public/catalogue')
    expect(within(dialog).getByRole('heading').textContent).toBe('cap.webp')
    const image = within(dialog).getByRole('img', { name: 'cap.webp' })
    expect(image.getAttribute('src')).toMatch(/^\/query\/drive\/load\/public\/catalogue\/cap\.webp/)
    // Its own bytes, not a thumbnail: the dimensions shown are the picture's.
    expect(image.getAttribute('src')).not.toContain('width=')
    expect(screen.getByTestId('preview-facts').textContent).toBe('3 bytes · 1 of 3')
    // The dimensions once the picture has loaded.
    Object.defineProperty(image, 'naturalWidth', { value: 1200 })
    Object.defineProperty(image, 'naturalHeight', { value: 800 })
    fireEvent.load(image)
    expect(screen.getByTestId('preview-facts').textContent).toBe('3 bytes · 1200 × 800 px · 1 of 3')

    // Next: the PDF, in a frame of its own address; the text file and folder are skipped.
    fireEvent.click(screen.getByTestId('preview-next'))
    expect(within(dialog).getByRole('heading').textContent).toBe('guide.pdf')
    const frame = within(dialog).getByTitle('guide.pdf')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame.getAttribute('src')).toMatch(
      /^\/query\/drive\/load\/public\/catalogue\/guide\.pdf/,
    )
    expect(screen.getByTestId('preview-facts').textContent).toBe('5 bytes · 2 of 3')
    // The arrow keys too, round the ends.
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    expect(within(dialog).getByRole('heading').textContent).toBe('tee.jpg')
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    expect(within(dialog).getByRole('heading').textContent).toBe('cap.webp')
    fireEvent.keyDown(window, { key: 'ArrowLeft' })
    expect(within(dialog).getByRole('heading').textContent).toBe('tee.jpg')
    fireEvent.click(screen.getByTestId('preview-previous'))
    expect(within(dialog).getByRole('heading').textContent).toBe('guide.pdf')

    // Open: the file's own page, the preview gone.
    fireEvent.click(screen.getByTestId('preview-open'))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/drive/public/catalogue/guide.pdf'),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens from the table too, and a text file still opens on its own page', async () => {
    const router = open(catalogue(), '/drive/public/catalogue')
    const row = await screen.findByTestId('row-public/catalogue/tee.jpg')
    fireEvent.click(within(row).getByRole('link'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('tee.jpg')
    expect(screen.getByTestId('preview-facts').textContent).toBe('3 bytes · 3 of 3')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(within(screen.getByTestId('row-public/catalogue/notes.txt')).getByRole('link'))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/drive/public/catalogue/notes.txt'),
    )
  })
})
