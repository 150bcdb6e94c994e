// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DialogProvider, useDialogs, type Dialogs } from '@shopwright/admin-ui/kit'
import '../../shared/errors.js'
import { FakeDrive } from '../testing/fake-drive.js'
import { pickPaths, type PickerOptions } from './DrivePicker.js'
import { choose } from './selection.js'

afterEach(cleanup)

/** Opens the picker from inside the dialog stack; resolves with what it answers. */
function openPicker(options: PickerOptions): Promise<string[] | null> {
  let dialogs: Dialogs | undefined
  function Grab() {
    dialogs = useDialogs()
    return null
  }
  render(
    <DialogProvider>
      <Grab />
    </DialogProvider>,
  )
  return pickPaths(dialogs!, options)
}

const check = (path: string) => screen.getByTestId(`picker-check-${path}`) as HTMLInputElement

const drive = () =>
  new FakeDrive()
    .add('public/logo.png', 'png')
    .add('public/notes.txt', 'txt')
    .add('public/photo.JPG', 'jpg')
    .add('public/icons/cart.svg', '<svg/>')
    .add('private/secret.png', 'png')

describe('the drive picker', () => {
  it('replaces the choice in single select and toggles in multi select', () => {
    expect(choose(['a.png'], 'b.png', false)).toEqual(['b.png'])
    expect(choose(['a.png'], 'a.png', false)).toEqual(['a.png'])
    expect(choose(['a.png'], 'b.png', true)).toEqual(['a.png', 'b.png'])
    expect(choose(['a.png', 'b.png'], 'a.png', true)).toEqual(['b.png'])
  })

  it('single select: a second choice replaces the first', async () => {
    const picked = openPicker({ api: drive(), root: 'public', multiple: false })
    await screen.findByTestId('picker-row-public/logo.png')
    expect(check('public/logo.png').type).toBe('radio')
    fireEvent.click(check('public/logo.png'))
    fireEvent.click(check('public/notes.txt'))
    expect(check('public/logo.png').checked).toBe(false)
    expect(screen.getByTestId('picker-selected').textContent).toBe('Selected: public/notes.txt')
    fireEvent.click(screen.getByTestId('dialog-ok'))
    expect(await picked).toEqual(['public/notes.txt'])
  })

  it('multi select: choices add up across folders and a second click takes one back', async () => {
    const picked = openPicker({ api: drive(), root: 'public', multiple: true })
    await screen.findByTestId('picker-row-public/logo.png')
    expect(check('public/logo.png').type).toBe('checkbox')
    fireEvent.click(check('public/logo.png'))
    fireEvent.click(check('public/notes.txt'))
    fireEvent.click(check('public/logo.png'))
    fireEvent.click(screen.getByTestId('picker-open-public/icons'))
    fireEvent.click(await screen.findByTestId('picker-check-public/icons/cart.svg'))
    fireEvent.click(screen.getByTestId('dialog-ok'))
    expect(await picked).toEqual(['public/notes.txt', 'public/icons/cart.svg'])
  })

  it('lets the image filter choose images only, folders only with the folder keyword', async () => {
    void openPicker({ api: drive(), root: 'public', filter: 'image', multiple: true })
    await screen.findByTestId('picker-row-public/logo.png')
    expect(check('public/logo.png').disabled).toBe(false)
    // Extensions match whatever their case.
    expect(check('public/photo.JPG').disabled).toBe(false)
    expect(check('public/notes.txt').disabled).toBe(true)
    expect(check('public/icons').disabled).toBe(true)
    // A folder still opens, to reach the images inside.
    expect(screen.getByTestId('picker-open-public/icons')).toBeTruthy()
    cleanup()

    void openPicker({ api: drive(), root: 'public', filter: 'folder', multiple: false })
    await screen.findByTestId('picker-row-public/icons')
    expect(check('public/icons').disabled).toBe(false)
    expect(check('public/logo.png').disabled).toBe(true)
  })

  it('never leaves its root, and opens in the folder of the current choice', async () => {
    const picked = openPicker({
      api: drive(),
      root: 'public',
      multiple: false,
      initial: ['public/icons/cart.svg'],
    })
    await screen.findByTestId('picker-row-public/icons/cart.svg')
    expect(check('public/icons/cart.svg').checked).toBe(true)
    // The crumbs start at the root: nothing above it to go to.
    expect(screen.getByTestId('picker-crumb-0').textContent).toBe('public')
    fireEvent.click(screen.getByTestId('picker-crumb-0'))
    await screen.findByTestId('picker-row-public/logo.png')
    expect(screen.queryByTestId('picker-row-private/secret.png')).toBeNull()
    fireEvent.click(screen.getByTestId('dialog-cancel'))
    expect(await picked).toBeNull()
  })

  it('cannot be confirmed with nothing chosen', async () => {
    void openPicker({ api: drive(), root: '', multiple: false })
    await screen.findByTestId('picker-row-public')
    await waitFor(() =>
      expect((screen.getByTestId('dialog-ok') as HTMLButtonElement).disabled).toBe(true),
    )
  })
})
