// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { FieldEditorsContext, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { RecordForm } from './RecordForm.js'

afterEach(cleanup)

const fields: FieldDefinition[] = [
  { id: 'name', name: 'Name', datatype: 'text' },
  { id: 'brochure', name: 'Brochure', datatype: 'privatefolder' },
]

/** A plugin's editor of a path field, as the drive supplies one. */
function PathEditor({ value, onChange, readOnly, id }: FieldEditorProps) {
  return (
    <button id={id} disabled={readOnly} onClick={() => onChange('private/brochure.pdf')}>
      {`path: ${String(value ?? '')}`}
    </button>
  )
}

function form(onChange: (field: string, value: unknown) => void, readOnly = false) {
  return (
    <RecordForm
      type="product"
      fields={fields}
      values={{ type: 'product', id: 'lamp', name: 'Lamp', brochure: 'private/old.pdf' }}
      errors={{}}
      readOnly={readOnly}
      mode="edit"
      onChange={onChange}
      onBlur={() => {}}
    />
  )
}

describe('the record form', () => {
  it("uses a running plugin's editor for its datatype, read-only when the form is", () => {
    const onChange = vi.fn()
    render(
      <FieldEditorsContext.Provider value={{ privatefolder: PathEditor }}>
        {form(onChange)}
      </FieldEditorsContext.Provider>,
    )
    const editor = screen.getByLabelText('Brochure')
    expect(editor.textContent).toBe('path: private/old.pdf')
    fireEvent.click(editor)
    expect(onChange).toHaveBeenCalledWith('brochure', 'private/brochure.pdf')
    // The other fields keep the kit's editors.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Lamp')
    cleanup()

    render(
      <FieldEditorsContext.Provider value={{ privatefolder: PathEditor }}>
        {form(onChange, true)}
      </FieldEditorsContext.Provider>,
    )
    expect((screen.getByLabelText('Brochure') as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the datatype as text when no running plugin supplies an editor', () => {
    render(form(() => {}))
    const input = screen.getByLabelText('Brochure') as HTMLInputElement
    expect(input.tagName).toBe('INPUT')
    expect(input.value).toBe('private/old.pdf')
  })

  it('draws fields that name a tab in titled groups, with links counting each one’s problems', () => {
    function Children({ record }: { record: { id: string } }) {
      return <p>children of {record.id}</p>
    }
    render(
      <RecordForm
        type="item"
        fields={[
          { id: 'name', name: 'Name', datatype: 'text', tab: 'Details' },
          { id: 'stock', name: 'Stock', datatype: 'integer', tab: 'Stock' },
          { id: 'low', name: 'Low', datatype: 'integer', tab: 'Stock' },
          { id: 'id', name: 'Id', datatype: 'id' },
        ]}
        values={{ type: 'item', id: 'lamp', name: 'Lamp', stock: -1, low: -1 }}
        errors={{ stock: 'ERROR_INVALID_INPUT', low: 'ERROR_INVALID_INPUT' }}
        readOnly={false}
        mode="edit"
        sections={[{ tab: 'Options', Component: Children }]}
        onChange={() => {}}
        onBlur={() => {}}
      />,
    )
    const groups = screen.getAllByRole('region')
    expect(groups.map((group) => group.getAttribute('aria-labelledby') !== null)).toEqual([
      true,
      true,
      true,
    ])
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Details',
      'Stock',
      'Options',
    ])
    // The id joins the first group; the plugin's part draws in its own.
    expect(screen.getByTestId('form-group-Details').textContent).toContain('Id')
    expect(screen.getByTestId('form-group-Options').textContent).toContain('children of lamp')
    const nav = screen.getByTestId('form-nav')
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Details',
      'Stock2',
      'Options',
    ])
    expect(screen.getByTestId('form-nav-Stock').className).toBe('sw-form-nav-invalid')
  })

  it('draws a type without tabs as one grid, with no links', () => {
    render(form(() => {}))
    expect(screen.queryByTestId('form-nav')).toBeNull()
    expect(screen.queryAllByRole('heading')).toEqual([])
  })
})
