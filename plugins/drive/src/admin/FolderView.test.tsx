// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteSettingsContext, siteSettingsOf } from '@shopwright/admin-ui/kit'
import type { SiteSettings } from '@shopwright/admin-ui/registry'
import '../shared/errors.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { driveApi } from './drive-api.js'
import { Drive } from './DriveScreen.js'
import { FakeDrive, VIEW_ONLY } from './testing/fake-drive.js'
import { renderAt } from '@shopwright/admin-ui/testing'

afterEach(cleanup)

const open = (drive: FakeDrive, address: string, administrator = false) =>
  renderAt(address, <Drive api={drive} administrator={administrator} />)

/** The drive under the `pagination` configuration's folder size `folder`. */
const openSized = (drive: FakeDrive, address: string, folder: number) =>
  renderAt(
    address,
    <SiteSettingsContext.Provider value={siteSettingsOf({ pageSizes: { folder } })}>
      <Drive api={drive} administrator={false} />
    </SiteSettingsContext.Provider>,
  )

/** The shell's settings as a test changes them: null (still reading) until `settle` is called. */
let settle: (settings: SiteSettings) => void = () => undefined
function Shell({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SiteSettings | null>(null)
  settle = setSettings
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>
}

/** The rows shown, by name. */
const names = () =>
  screen
    .getAllByTestId(/^row-private\//)
    .map((row) => row.dataset.testid!.slice('row-private/'.length))

const shown = (id: string) => screen.queryByTestId(id) !== null
const dialog = () => screen.getByRole('dialog')

describe('the folder view', () => {
  it('lists the folder and shows only the buttons its rights allow', async () => {
    const drive = new FakeDrive().add('public/earth/layers.json', '{}').add('public/earth/maps')
    open(drive, '/drive/public/earth')
    await screen.findByTestId('row-public/earth/maps')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('earth')
    // Folders first, then files.
    const rows = screen.getAllByTestId(/^row-public/).map((row) => row.dataset.testid)
    expect(rows).toEqual(['row-public/earth/maps', 'row-public/earth/layers.json'])
    for (const id of [
      'delete',
      'refresh',
      'new-file',
      'new-folder',
      'upload',
      'download',
      'rename',
    ])
      expect(shown(id), id).toBe(true)
    // Delete waits for a selection.
    expect((screen.getByTestId('delete') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('row-check-public/earth/maps'))
    expect((screen.getByTestId('delete') as HTMLButtonElement).disabled).toBe(false)
    cleanup()

    // View only: nothing that changes the folder.
    const readOnly = new FakeDrive(100, VIEW_ONLY).add('public/earth/layers.json', '{}')
    open(readOnly, '/drive/public/earth')
    await screen.findByTestId('row-public/earth/layers.json')
    for (const id of ['delete', 'new-file', 'new-folder', 'upload', 'rename'])
      expect(shown(id), id).toBe(false)
    expect(shown('refresh') && shown('download')).toBe(true)
    cleanup()

    // The root holds the three top-level folders only: nothing is made, deleted or renamed there.
    open(new FakeDrive(), '/drive')
    await screen.findByTestId('row-public')
    for (const id of ['delete', 'new-file', 'new-folder', 'upload', 'rename'])
      expect(shown(id), id).toBe(false)
    expect((screen.getByTestId('download') as HTMLButtonElement).disabled).toBe(true)
    cleanup()

    // A top-level folder is never renamed, whatever its rights.
    open(new FakeDrive(), '/drive/public')
    await screen.findByTestId('refresh')
    await waitFor(() => expect(shown('new-file')).toBe(true))
    expect(shown('rename')).toBe(false)
  })

  it('selects every listed entry with the header box and bins them after the question', async () => {
    const drive = new FakeDrive()
      .add('private/a.txt', 'a')
      .add('private/b.txt', 'b')
      .add('private/c')
    open(drive, '/drive/private')
    await screen.findByTestId('row-private/a.txt')
    fireEvent.click(screen.getByTestId('select-all'))
    for (const path of ['private/a.txt', 'private/b.txt', 'private/c'])
      expect((screen.getByTestId(`row-check-${path}`) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByTestId('select-all'))
    expect(
      screen
        .getAllByRole('checkbox', { name: 'Select row' })
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false)

    fireEvent.click(screen.getByTestId('select-all'))
    fireEvent.click(screen.getByTestId('delete'))
    expect(dialog().textContent).toContain('Are you sure you want to delete these files?')
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await screen.findByTestId('table-empty')
    expect(drive.calls).toEqual(['bin private/c,private/a.txt,private/b.txt'])
  })

  it('asks about one file in the singular', async () => {
    open(new FakeDrive().add('private/a.txt', 'a'), '/drive/private')
    fireEvent.click(await screen.findByTestId('row-check-private/a.txt'))
    fireEvent.click(screen.getByTestId('delete'))
    expect(dialog().textContent).toContain('Are you sure you want to delete this file?')
    fireEvent.click(screen.getByTestId('dialog-cancel'))
    expect(screen.getByTestId('row-private/a.txt')).toBeTruthy()
  })

  it('uploads in a panel that blocks nothing: each file, its refusal, a summary, then Close', async () => {
    const drive = new FakeDrive()
    open(drive, '/drive/public')
    await screen.findByTestId('upload-input')
    const files = [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['con'], 'CON.txt', { type: 'text/plain' }),
      new File(['{"a":1}'], 'three.json', { type: 'application/json' }),
    ]
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files } })
    const panel = await screen.findByTestId('uploads')
    await waitFor(() =>
      expect(screen.getByTestId('upload-summary').textContent).toBe(
        '2 of 3 files uploaded. 1 file was refused.',
      ),
    )
    expect(drive.calls).toEqual([
      'upload public/one.txt',
      'upload public/CON.txt',
      'upload public/three.json',
    ])
    // No dialog to dismiss: the panel is a region of the page, named by its heading.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('region', { name: 'Uploaded' })).toBe(panel)
    expect(screen.getAllByTestId('upload-done').map((item) => item.textContent)).toEqual([
      'one.txt3 bytes',
      'three.json7 bytes',
    ])
    // The refused file, with the server's message, on its own line.
    expect(screen.getByTestId('upload-failed').textContent).toBe(
      'CON.txtA file name is required, must contain a dot and cannot contain / \\ , or line breaks.',
    )
    // The listing shows what arrived, while the panel stays.
    await screen.findByTestId('row-public/three.json')
    expect(shown('row-public/one.txt')).toBe(true)
    expect(shown('row-public/CON.txt')).toBe(false)
    fireEvent.click(screen.getByTestId('uploads-close'))
    expect(shown('uploads')).toBe(false)
  })

  it('shows each file waiting, then sending with its progress, and only then offers Close', async () => {
    const drive = new FakeDrive()
    // The first upload waits for the test to let it go, half sent.
    let release: () => void = () => {}
    const upload = drive.upload.bind(drive)
    drive.upload = (folder, file, progress) =>
      file.name !== 'a.txt'
        ? upload(folder, file, progress)
        : new Promise((resolve, reject) => {
            progress(file.size / 2)
            release = () => void upload(folder, file, progress).then(resolve, reject)
          })
    open(drive, '/drive/private')
    await screen.findByTestId('upload-input')
    const files = [new File(['abcd'], 'a.txt'), new File(['b'], 'b.txt')]
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files } })
    await screen.findByTestId('upload-sending')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Uploading 1 of 2')
    expect(screen.getByTestId('upload-sending').textContent).toBe('a.txt50%')
    expect(screen.getByTestId('upload-waiting').textContent).toBe('b.txtWaiting')
    expect(shown('uploads-close')).toBe(false)
    // The folder stays usable: Upload waits for this batch, everything else works.
    expect((screen.getByTestId('upload') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('new-folder') as HTMLButtonElement).disabled).toBe(false)
    release()
    await screen.findByTestId('uploads-close')
    expect(screen.getByTestId('upload-summary').textContent).toBe('2 of 2 files uploaded.')
    expect((screen.getByTestId('upload') as HTMLButtonElement).disabled).toBe(false)
  })

  it('uploads files dropped on the folder, and takes no drop where it may not create', async () => {
    const drive = new FakeDrive()
    open(drive, '/drive/public')
    const view = await screen.findByTestId('drive-folder')
    await screen.findByTestId('upload')
    const files = [new File(['a'], 'dropped.txt', { type: 'text/plain' })]
    const dataTransfer = { types: ['Files'], files, dropEffect: 'none' }
    fireEvent.dragOver(view, { dataTransfer })
    expect(view.className).toContain('drive-dropping')
    fireEvent.drop(view, { dataTransfer })
    await waitFor(() =>
      expect(screen.getByTestId('upload-summary').textContent).toBe('1 of 1 file uploaded.'),
    )
    expect(drive.calls).toEqual(['upload public/dropped.txt'])
    await screen.findByTestId('row-public/dropped.txt')
    cleanup()

    const readOnly = new FakeDrive(100, VIEW_ONLY)
    open(readOnly, '/drive/public')
    await screen.findByTestId('refresh')
    fireEvent.drop(screen.getByTestId('drive-folder'), { dataTransfer })
    expect(readOnly.calls).toEqual([])
    expect(shown('uploads')).toBe(false)
  })

  it('creates a folder, and refuses a bad name before asking the server', async () => {
    const drive = new FakeDrive()
    open(drive, '/drive/private')
    fireEvent.click(await screen.findByTestId('new-folder'))
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'a.b' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    expect(screen.getByTestId('name-error').textContent).toBe(
      'A folder name is required, cannot contain a dot and cannot contain / \\ , or line breaks.',
    )
    expect(drive.calls).toEqual([])
    // The dialog's buttons wait while an action runs.
    await waitFor(() =>
      expect((screen.getByTestId('dialog-ok') as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'reports' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await screen.findByTestId('row-private/reports')
    expect(drive.calls).toEqual(['create private/reports'])
  })

  it("shows the server's refusal of a new file under the spec's title", async () => {
    open(new FakeDrive().add('private/a.txt', 'a'), '/drive/private')
    fireEvent.click(await screen.findByTestId('new-file'))
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'a.txt' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(dialog().textContent).toContain('Unable to Create File'))
    expect(dialog().textContent).toContain('A file with this name already exists.')
  })

  it('renames the folder and goes to its new address', async () => {
    const drive = new FakeDrive().add('public/earth/a.json', '{}')
    const router = open(drive, '/drive/public/earth')
    fireEvent.click(await screen.findByTestId('rename'))
    expect((screen.getByTestId('name-input') as HTMLInputElement).value).toBe('earth')
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'globe maps' } })
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/drive/public/globe%20maps'))
    expect(await screen.findByTestId('row-public/globe maps/a.json')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('globe maps')
  })

  it('loads more entries page by page', async () => {
    const drive = new FakeDrive()
    for (const name of ['a', 'b', 'c', 'd', 'e']) drive.add(`private/${name}.txt`, name)
    openSized(drive, '/drive/private', 2)
    await screen.findByTestId('row-private/b.txt')
    expect(shown('row-private/c.txt')).toBe(false)
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/d.txt')
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/e.txt')
    expect(shown('load-more')).toBe(false)
  })

  it('shows the error view with its code when the folder is not there', async () => {
    open(new FakeDrive(), '/drive/private/gone')
    // The title is the code, shown in words; the server's message would only repeat it.
    const view = await screen.findByTestId('error-view')
    expect(within(view).getByRole('heading').textContent).toContain(
      'The folder could not be found.',
    )
    expect(view.querySelectorAll('p')).toHaveLength(0)
  })

  it("offers an administrator the folder's security record below a top-level folder", async () => {
    const drive = new FakeDrive().add('private/hr')
    open(drive, '/drive/private/hr', true)
    const select = (await screen.findByTestId('security')) as HTMLSelectElement
    await waitFor(() => expect(select.disabled).toBe(false))
    expect(select.value).toBe('')
    fireEvent.change(select, { target: { value: 'marketing' } })
    await waitFor(() => expect(drive.calls).toEqual(['security private/hr marketing']))
    await waitFor(() =>
      expect((screen.getByTestId('security') as HTMLSelectElement).value).toBe('marketing'),
    )
    cleanup()

    open(drive, '/drive/private/hr', false)
    await screen.findByTestId('refresh')
    expect(shown('security')).toBe(false)
    cleanup()
    open(drive, '/drive/private', true)
    await screen.findByTestId('row-private/hr')
    expect(shown('security')).toBe(false)
  })
})

describe('the folder view’s page size', () => {
  const filled = (drive: FakeDrive, count: number) => {
    for (const name of 'abcdefghij'.slice(0, count)) drive.add(`private/${name}.txt`, name)
    return drive
  }

  it('asks get and list for the configured folder size (7 here)', async () => {
    const { client, calls } = fakeClient(() => () => ({ list: [], nextpage: null, pagesize: 7 }))
    await driveApi(client).get('private', 7)
    await driveApi(client).get('', 7)
    await driveApi(client).list('private', 'token', 7)
    await driveApi(client).list('', 'token', 7)
    // A file's get (the file view's) asks no size.
    await driveApi(client).get('private/a.txt')
    expect(calls).toEqual([
      '/drive/get/private?pagesize=7',
      '/drive/get/?pagesize=7',
      '/drive/list/private?nextpage=token&pagesize=7',
      '/drive/list?nextpage=token&pagesize=7',
      '/drive/get/private/a.txt',
    ])
  })

  it('asks get for a smaller configured first page, then list for each next one', async () => {
    const drive = filled(new FakeDrive(), 10)
    const get = vi.spyOn(drive, 'get')
    const list = vi.spyOn(drive, 'list')
    openSized(drive, '/drive/private', 3)
    await screen.findByTestId('row-private/c.txt')
    expect(names()).toEqual(['a.txt', 'b.txt', 'c.txt'])
    expect(get.mock.calls).toEqual([['private', 3]])
    expect(list).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/f.txt')
    expect(names()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt'])
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/i.txt')
    expect(names()).toHaveLength(9)
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/j.txt')
    expect(shown('load-more')).toBe(false)
    expect(list.mock.calls).toEqual([
      ['private', '3', 3],
      ['private', '6', 3],
      ['private', '9', 3],
    ])
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('asks get for a larger configured first page in one call', async () => {
    // The fake's default page (the server's, without a size) is 2; the configured page is 5.
    const drive = filled(new FakeDrive(2), 7)
    const get = vi.spyOn(drive, 'get')
    const list = vi.spyOn(drive, 'list')
    openSized(drive, '/drive/private', 5)
    await screen.findByTestId('row-private/e.txt')
    expect(names()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'])
    expect(get.mock.calls).toEqual([['private', 5]])
    expect(list).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('load-more'))
    await screen.findByTestId('row-private/g.txt')
    expect(shown('load-more')).toBe(false)
    expect(list.mock.calls).toEqual([['private', '5', 5]])
  })

  it('reads nothing while the shell reads the configuration, then the folder once', async () => {
    const drive = filled(new FakeDrive(), 3)
    const get = vi.spyOn(drive, 'get')
    const list = vi.spyOn(drive, 'list')
    renderAt(
      '/drive/private',
      <Shell>
        <Drive api={drive} administrator={false} />
      </Shell>,
    )
    await screen.findByRole('heading', { level: 1 })
    expect(get).not.toHaveBeenCalled()
    act(() => settle(siteSettingsOf({ pageSizes: { folder: 2 } })))
    await screen.findByTestId('row-private/b.txt')
    expect(names()).toEqual(['a.txt', 'b.txt'])
    expect(get.mock.calls).toEqual([['private', 2]])
    expect(list).not.toHaveBeenCalled()
  })
})
