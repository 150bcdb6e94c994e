// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
import '../shared/errors.js'
import { Drive } from './DriveScreen.js'
import { FakeDrive, VIEW_ONLY } from './testing/fake-drive.js'
import { ENTRY_DRAG_TYPE } from './useEntryDrag.js'
import { VIEW_MODE_KEY } from './view-mode.js'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const open = (drive: FakeDrive, address: string) =>
  renderAt(address, <Drive api={drive} administrator={false} />)

/** A drag's data as the browser hands it to each event of one drag. */
function transfer() {
  const data = new Map<string, string>()
  return {
    data,
    dataTransfer: {
      setData: (type: string, value: string) => void data.set(type, value),
      get types() {
        return [...data.keys()]
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    },
  }
}

const link = (row: HTMLElement) => within(row).getByRole('link')

describe('dragging entries onto a folder', () => {
  it('moves a row onto a folder row, and the selection with it', async () => {
    const drive = new FakeDrive()
      .add('private/box')
      .add('private/a.txt', 'a')
      .add('private/b.txt', 'b')
      .add('private/c.txt', 'c')
    open(drive, '/drive/private')
    const a = await screen.findByTestId('row-private/a.txt')
    expect(link(a).getAttribute('draggable')).toBe('true')
    const drag = transfer()
    fireEvent.dragStart(link(a), { dataTransfer: drag.dataTransfer })
    expect(JSON.parse(drag.data.get(ENTRY_DRAG_TYPE)!)).toEqual(['private/a.txt'])
    // Anywhere on the folder's row takes it, and says so.
    const box = screen.getByTestId('row-private/box')
    const cell = box.querySelectorAll('td')[2]!
    expect(fireEvent.dragOver(cell, { dataTransfer: drag.dataTransfer })).toBe(false)
    expect(link(box).className).toContain('drive-drop-target')
    // A file's row takes nothing.
    expect(
      fireEvent.dragOver(screen.getByTestId('row-private/b.txt'), {
        dataTransfer: drag.dataTransfer,
      }),
    ).toBe(true)
    expect(link(box).className).not.toContain('drive-drop-target')
    fireEvent.dragOver(cell, { dataTransfer: drag.dataTransfer })
    fireEvent.drop(cell, { dataTransfer: drag.dataTransfer })
    await waitFor(() => expect(screen.queryByTestId('row-private/a.txt')).toBeNull())
    expect(drive.calls).toEqual(['move private/a.txt private/box'])
    expect(drive.has('private/box/a.txt')).toBe(true)

    // Dragging a selected row drags the whole selection.
    fireEvent.click(screen.getByTestId('row-check-private/b.txt'))
    fireEvent.click(screen.getByTestId('row-check-private/c.txt'))
    const again = transfer()
    fireEvent.dragStart(link(screen.getByTestId('row-private/c.txt')), {
      dataTransfer: again.dataTransfer,
    })
    fireEvent.dragOver(link(screen.getByTestId('row-private/box')), {
      dataTransfer: again.dataTransfer,
    })
    fireEvent.drop(link(screen.getByTestId('row-private/box')), {
      dataTransfer: again.dataTransfer,
    })
    await waitFor(() => expect(screen.queryByTestId('row-private/c.txt')).toBeNull())
    expect(drive.calls[1]).toBe('move private/b.txt,private/c.txt private/box')
    expect(drive.children('private/box').map((entry) => entry.name)).toEqual([
      'a.txt',
      'b.txt',
      'c.txt',
    ])
  })

  it("shows the server's refusal under its title, and moves nothing", async () => {
    const drive = new FakeDrive().add('private/box/a.txt', 'old').add('private/a.txt', 'new')
    open(drive, '/drive/private')
    const a = await screen.findByTestId('row-private/a.txt')
    const drag = transfer()
    fireEvent.dragStart(link(a), { dataTransfer: drag.dataTransfer })
    const box = link(screen.getByTestId('row-private/box'))
    fireEvent.dragOver(box, { dataTransfer: drag.dataTransfer })
    fireEvent.drop(box, { dataTransfer: drag.dataTransfer })
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Unable to Move')
    expect(dialog.textContent).toContain('A file with this name already exists.')
    expect(drive.textOf('private/a.txt')).toBe('new')
  })

  it('moves a tile onto a folder tile, never a folder onto itself', async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'grid')
    const drive = new FakeDrive().add('public/pics/old').add('public/pics/cap.webp', 'cap')
    open(drive, '/drive/public/pics')
    const folder = await screen.findByTestId('tile-public/pics/old')
    const own = transfer()
    fireEvent.dragStart(link(folder), { dataTransfer: own.dataTransfer })
    expect(fireEvent.dragOver(folder, { dataTransfer: own.dataTransfer })).toBe(true)
    fireEvent.drop(folder, { dataTransfer: own.dataTransfer })
    fireEvent.dragEnd(link(folder))
    expect(drive.calls).toEqual([])

    const drag = transfer()
    fireEvent.dragStart(link(screen.getByTestId('tile-public/pics/cap.webp')), {
      dataTransfer: drag.dataTransfer,
    })
    fireEvent.dragOver(folder, { dataTransfer: drag.dataTransfer })
    expect(folder.className).toContain('drive-drop-target')
    fireEvent.drop(folder, { dataTransfer: drag.dataTransfer })
    await waitFor(() => expect(screen.queryByTestId('tile-public/pics/cap.webp')).toBeNull())
    expect(drive.calls).toEqual(['move public/pics/cap.webp public/pics/old'])
  })

  it('moves the selection from the keyboard: Move, then a folder in the picker', async () => {
    const drive = new FakeDrive()
      .add('private/box')
      .add('private/a.txt', 'a')
      .add('private/b.txt', 'b')
    open(drive, '/drive/private')
    await screen.findByTestId('row-private/a.txt')
    expect((screen.getByTestId('move') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('row-check-private/a.txt'))
    fireEvent.click(screen.getByTestId('row-check-private/b.txt'))
    fireEvent.click(screen.getByTestId('move'))
    // The picker opens in this folder and lets only folders be chosen.
    const picker = await screen.findByRole('dialog')
    expect(within(picker).getByRole('heading').textContent).toBe('Move To')
    await within(picker).findByTestId('picker-check-private/box')
    expect(
      (within(picker).getByTestId('picker-check-private/a.txt') as HTMLInputElement).disabled,
    ).toBe(true)
    fireEvent.click(within(picker).getByTestId('picker-check-private/box'))
    fireEvent.click(within(picker).getByTestId('dialog-ok'))
    await waitFor(() => expect(screen.queryByTestId('row-private/a.txt')).toBeNull())
    expect(drive.calls).toEqual(['move private/a.txt,private/b.txt private/box'])
    expect(screen.queryByTestId('row-private/b.txt')).toBeNull()
  })

  it('offers no drag without the right to change the entries', async () => {
    open(new FakeDrive(100, VIEW_ONLY).add('public/x/a.txt', 'a'), '/drive/public/x')
    const row = await screen.findByTestId('row-public/x/a.txt')
    expect(link(row).getAttribute('draggable')).toBe('false')
    expect(screen.queryByTestId('move')).toBeNull()
  })
})
