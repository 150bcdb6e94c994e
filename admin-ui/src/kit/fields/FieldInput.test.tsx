// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { useHeldValue } from '../../testing/index.js'
import { FieldEditorsContext, type FieldEditorProps } from './field-editors.js'
import { FieldInput } from './FieldInput.js'
import { FieldSourceContext, FormValuesContext, type FieldSource } from './field-source.js'

afterEach(cleanup)

const source: FieldSource = {
  listChoices: async (listtype) =>
    listtype === 'language'
      ? [
          { key: 'en', label: 'English', value: 'en' },
          { key: 'fr', label: 'French', value: 'fr' },
        ]
      : listtype === 'invoicestatus'
        ? [
            { key: 'open', label: 'Open', value: 'open', security: 'payments' },
            { key: 'paidInFull', label: 'Paid In Full', value: 'paidInFull', security: 'payments' },
            { key: 'voided', label: 'Voided', value: 'voided' },
          ]
        : [],
  recordChoices: async (recordtype) =>
    recordtype === 'country'
      ? [
          {
            key: 'country|fr',
            label: 'France',
            value: { reference: true, type: 'country', id: 'fr' },
          },
        ]
      : [],
  entryChoices: async (type, id, list) =>
    type === 'country' && id === 'us' && list === 'regions'
      ? [
          { key: 'ca', label: 'California', value: 'ca' },
          { key: 'il', label: 'Illinois', value: 'il' },
        ]
      : [],
}

/** A field with its value held in state, reporting every change. */
function Harness({
  field,
  initial,
  onValue,
}: {
  field: FieldDefinition
  initial?: unknown
  onValue(value: unknown): void
}) {
  const held = useHeldValue<unknown>(initial, onValue)
  return (
    <FieldSourceContext.Provider value={source}>
      <FieldInput field={field} value={held.value} onChange={held.onChange} />
    </FieldSourceContext.Provider>
  )
}

/**
 * Renders a field named `name` (its id the name lower-cased) of `datatype`, with no value yet;
 * the mock its changes go to.
 */
function renderField(
  name: string,
  datatype: FieldDefinition['datatype'],
  more: Partial<FieldDefinition> = {},
) {
  const onValue = vi.fn()
  const field: FieldDefinition = { id: name.toLowerCase(), name, datatype, ...more }
  render(<Harness field={field} onValue={onValue} />)
  return onValue
}

describe('FieldInput: guarded list values', () => {
  const status: FieldDefinition = {
    id: 'status',
    name: 'Status',
    datatype: 'list',
    listtype: 'invoicestatus',
  }
  /** The status field at `initial`, for a caller whose edit right on payments is `may`. */
  function renderStatus(initial: string, may: boolean) {
    const mayEdit = vi.fn(async (ids: readonly string[]) =>
      Object.fromEntries(ids.map((id) => [id, may])),
    )
    render(
      <FieldSourceContext.Provider value={{ ...source, mayEdit }}>
        <FieldInput field={status} value={initial} onChange={() => {}} />
      </FieldSourceContext.Provider>,
    )
    return mayEdit
  }
  const option = (name: string) => screen.getByRole('option', { name }) as HTMLOptionElement

  it('shows a value guarded by a security record the caller may not edit, but does not offer it', async () => {
    const mayEdit = renderStatus('open', false)
    await waitFor(() => expect(option('Paid In Full').disabled).toBe(true))
    expect(mayEdit).toHaveBeenCalledWith(['payments'])
    // The current value stays as it is, and unguarded values are offered.
    expect(option('Open').disabled).toBe(false)
    expect(option('Voided').disabled).toBe(false)
    cleanup()
    renderStatus('paidInFull', false)
    await waitFor(() => expect(option('Open').disabled).toBe(true))
    expect(option('Paid In Full').disabled).toBe(false)
  })

  it('offers every value to a caller who may edit under the security record', async () => {
    renderStatus('open', true)
    await waitFor(() => expect(option('Paid In Full')).toBeTruthy())
    expect(option('Paid In Full').disabled).toBe(false)
    expect(option('Voided').disabled).toBe(false)
  })
})

describe('FieldInput', () => {
  it("offers a region from the chosen country's regions, and free text for a country without", async () => {
    const region: FieldDefinition = {
      id: 'region',
      name: 'Region',
      datatype: 'text',
      choicesfrom: 'country.regions',
    }
    const onValue = vi.fn()
    const { rerender } = render(
      <FormValuesContext.Provider
        value={{ country: { reference: true, type: 'country', id: 'us' } }}
      >
        <Harness field={region} onValue={onValue} />
      </FormValuesContext.Provider>,
    )
    const select = await screen.findByRole('combobox')
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(3))
    fireEvent.change(select, { target: { value: 'il' } })
    expect(onValue).toHaveBeenLastCalledWith('il')
    rerender(
      <FormValuesContext.Provider
        value={{ country: { reference: true, type: 'country', id: 'mc' } }}
      >
        <Harness field={region} onValue={onValue} />
      </FormValuesContext.Provider>,
    )
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
    expect(screen.getByRole('textbox')).toBeTruthy()
  })

  it('lower-cases e-mail as it is typed and shows an error code as its message', () => {
    const onValue = renderField('Contact', 'email')
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'Ada@Example.COM' } })
    expect(onValue).toHaveBeenLastCalledWith('ada@example.com')
    cleanup()
    render(
      <FieldInput
        field={{ id: 'contact', name: 'Contact', datatype: 'email' }}
        value="x"
        onChange={() => {}}
        error="ERROR_INVALID_EMAIL"
      />,
    )
    expect(screen.getByTestId('error-contact').textContent).toBe('Invalid email address.')
  })

  it('gives booleans a checkbox and marks required fields', () => {
    const onValue = renderField('Active', 'boolean', { required: true })
    fireEvent.click(screen.getByRole('checkbox'))
    expect(onValue).toHaveBeenLastCalledWith(true)
    expect(screen.getByText('*')).toBeTruthy()
  })

  it('offers a list field the values of its list type and stores the id', async () => {
    const onValue = renderField('Language', 'list', { listtype: 'language' })
    await waitFor(() => expect(screen.getByRole('option', { name: 'French' })).toBeTruthy())
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } })
    expect(onValue).toHaveBeenLastCalledWith('fr')
  })

  it('stores a record field as a reference', async () => {
    const onValue = renderField('Origin', 'record', { recordtype: 'country' })
    await waitFor(() => expect(screen.getByRole('option', { name: 'France' })).toBeTruthy())
    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: 'country|fr' } })
    expect(onValue).toHaveBeenLastCalledWith({ reference: true, type: 'country', id: 'fr' })
  })

  it('toggles the items of a multi-select list', async () => {
    const onValue = vi.fn()
    render(
      <Harness
        field={{ id: 'languages', name: 'Languages', datatype: 'lists', listtype: 'language' }}
        initial={['en']}
        onValue={onValue}
      />,
    )
    await waitFor(() => expect(screen.getByLabelText('French')).toBeTruthy())
    fireEvent.click(screen.getByLabelText('French'))
    expect(onValue).toHaveBeenLastCalledWith(['en', 'fr'])
    fireEvent.click(screen.getByLabelText('English'))
    expect(onValue).toHaveBeenLastCalledWith(['fr'])
  })

  it('keeps a stored value that is no longer a choice visible', async () => {
    render(
      <Harness
        field={{ id: 'language', name: 'Language', datatype: 'list', listtype: 'language' }}
        initial="de"
        onValue={() => {}}
      />,
    )
    await waitFor(() => expect(screen.getByRole('option', { name: 'de' })).toBeTruthy())
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('de')
    cleanup()

    // A reference beyond the choices (past the first page of records) shows by its id.
    render(
      <Harness
        field={{ id: 'origin', name: 'Origin', datatype: 'record', recordtype: 'country' }}
        initial={{ reference: true, type: 'country', id: 'us' }}
        onValue={() => {}}
      />,
    )
    await waitFor(() => expect(screen.getByRole('option', { name: 'us' })).toBeTruthy())
    expect((screen.getByLabelText('Origin') as HTMLSelectElement).value).toBe('country|us')
  })

  it('shows the field id and description in its info tip', () => {
    render(
      <FieldInput
        field={{ id: 'count', name: 'Count', datatype: 'integer', description: 'How many' }}
        value={3}
        onChange={() => {}}
      />,
    )
    expect(screen.getByTestId('field-count').textContent).toContain('Count')
    expect((screen.getByLabelText('Count') as HTMLInputElement).value).toBe('3')
  })

  it("draws a datatype with a running plugin's editor, and as text when none supplies it", () => {
    const onValue = vi.fn()
    // A plugin's editor: it gets the field, the value, read-only and the label's id.
    const PathPicker = ({ field, value, onChange, readOnly, id }: FieldEditorProps) => (
      <button id={id} disabled={readOnly} onClick={() => onChange('public/logo.png')}>
        {`${field.datatype}: ${String(value)}`}
      </button>
    )
    const field: FieldDefinition = { id: 'logo', name: 'Logo', datatype: 'publicfolder' }
    render(
      <FieldEditorsContext.Provider value={{ publicfolder: PathPicker }}>
        <Harness field={field} initial="public/old.png" onValue={onValue} />
      </FieldEditorsContext.Provider>,
    )
    const picker = screen.getByLabelText('Logo')
    expect(picker.textContent).toBe('publicfolder: public/old.png')
    fireEvent.click(picker)
    expect(onValue).toHaveBeenCalledWith('public/logo.png')
    expect(screen.getByLabelText('Logo').textContent).toBe('publicfolder: public/logo.png')
    cleanup()

    // No plugin supplies it: the spec's fallback, a text input.
    render(<Harness field={field} initial="public/old.png" onValue={onValue} />)
    const input = screen.getByLabelText('Logo') as HTMLInputElement
    expect(input.tagName).toBe('INPUT')
    expect(input.value).toBe('public/old.png')
  })
})
