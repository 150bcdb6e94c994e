// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { DialogProvider } from '@shopwright/admin-ui/kit'
import { useHeldValue } from '@shopwright/admin-ui/testing'
import '../../shared/errors.js'
import { FakeDrive } from '../testing/fake-drive.js'
import { DrivePath } from './DrivePathField.js'
import { rootOfDatatype } from './roots.js'

afterEach(cleanup)

const drive = () =>
  new FakeDrive()
    .add('private/contract.pdf', 'pdf')
    .add('public/logo.png', 'png')
    .add('public/readme.txt', 'txt')

/** The field with its value held as the record form holds it. */
function Form({
  field,
  initial,
  onValue,
}: {
  field: FieldDefinition
  initial?: string
  onValue(value: unknown): void
}) {
  const { value, onChange } = useHeldValue<unknown>(initial, onValue)
  return (
    <DialogProvider>
      <DrivePath api={drive()} id="field" field={field} value={value} onChange={onChange} />
    </DialogProvider>
  )
}

describe('the drive path fields', () => {
  it('browse the root the spec gives each datatype', () => {
    expect(rootOfDatatype('folder')).toBe('')
    expect(rootOfDatatype('privatefolder')).toBe('private')
    expect(rootOfDatatype('publicfolder')).toBe('public')
    expect(rootOfDatatype('personalfolder')).toBe('personal')
  })

  it('stores the path chosen in the picker, opened in its root with its extension filter', async () => {
    const onValue = vi.fn()
    render(
      <Form
        field={{ id: 'logo', name: 'Logo', datatype: 'publicfolder', fileextension: 'image' }}
        onValue={onValue}
      />,
    )
    fireEvent.click(screen.getByTestId('browse-logo'))
    await screen.findByTestId('picker-row-public/logo.png')
    expect(screen.queryByTestId('picker-row-private/contract.pdf')).toBeNull()
    expect(
      (screen.getByTestId('picker-check-public/readme.txt') as HTMLInputElement).disabled,
    ).toBe(true)
    fireEvent.click(screen.getByTestId('picker-check-public/logo.png'))
    fireEvent.click(screen.getByTestId('dialog-ok'))
    await screen.findByDisplayValue('public/logo.png')
    expect(onValue).toHaveBeenLastCalledWith('public/logo.png')

    fireEvent.click(screen.getByTestId('clear-logo'))
    expect(onValue).toHaveBeenLastCalledWith(null)
    expect((screen.getByTestId('path-logo') as HTMLInputElement).value).toBe('')
  })

  it('shows the path without Browse or Clear when read-only', () => {
    render(
      <DialogProvider>
        <DrivePath
          api={drive()}
          id="field"
          field={{ id: 'doc', name: 'Doc', datatype: 'privatefolder' }}
          value="private/contract.pdf"
          onChange={() => {}}
          readOnly
        />
      </DialogProvider>,
    )
    expect((screen.getByTestId('path-doc') as HTMLInputElement).value).toBe('private/contract.pdf')
    expect(screen.queryByTestId('browse-doc')).toBeNull()
    expect(screen.queryByTestId('clear-doc')).toBeNull()
  })
})
