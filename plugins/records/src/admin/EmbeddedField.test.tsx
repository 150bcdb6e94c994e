// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { EmbeddedEditorsContext, type FieldEditorProps } from '@shopwright/admin-ui/kit'
// The app's client context and a fake client: the form reads the embedded type's definition.
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { RecordForm } from './RecordForm.js'

afterEach(cleanup)

/** An embedded type: an address with a hidden field, and one only viewed when embedded. */
const ADDRESS = {
  type: 'recordtype',
  id: 'address',
  name: 'Address',
  access: { view: true, edit: true, create: true, delete: true },
  fields: [
    { id: 'city', name: 'City', datatype: 'text', required: true },
    { id: 'floor', name: 'Floor', datatype: 'integer' },
    { id: 'secret', name: 'Secret', datatype: 'text', display: 'hidden' },
    { id: 'code', name: 'Code', datatype: 'text', displayembed: 'view' },
  ],
}

const home: FieldDefinition = {
  id: 'home',
  name: 'Home',
  datatype: 'record',
  embed: true,
  recordtype: 'address',
}
const offices: FieldDefinition = {
  id: 'offices',
  name: 'Offices',
  datatype: 'recordlist',
  embed: true,
  recordtype: 'address',
}

/** A form over `fields`, its values in state; `seen` gets every value the form holds. */
function Harness({
  fields,
  initial,
  seen,
  readOnly = false,
}: {
  fields: FieldDefinition[]
  initial: RecordData
  seen: RecordData[]
  readOnly?: boolean
}) {
  const [values, setValues] = useState(initial)
  return (
    <RecordForm
      type="company"
      fields={fields}
      values={values}
      errors={{}}
      readOnly={readOnly}
      mode="edit"
      onChange={(field, value) =>
        setValues((previous) => {
          const next = { ...previous, [field]: value }
          seen.push(next)
          return next
        })
      }
      onBlur={() => {}}
    />
  )
}

function mount(
  fields: FieldDefinition[],
  initial: Record<string, unknown>,
  options: { readOnly?: boolean } = {},
) {
  const { client, calls } = fakeClient(
    () => (path) => (path.startsWith('/data/recordtype/get/address') ? ADDRESS : 404),
  )
  const seen: RecordData[] = []
  render(
    <ClientContext.Provider value={client}>
      <Harness
        fields={fields}
        initial={{ type: 'company', id: 'acme', ...initial }}
        seen={seen}
        readOnly={options.readOnly}
      />
    </ClientContext.Provider>,
  )
  return { calls, seen, last: () => seen.at(-1) }
}

/** The input of an embedded field (by id) inside a group. */
const input = (scope: HTMLElement, id: string) =>
  within(scope).getByTestId(`field-${id}`).querySelector('input')!
const shown = (scope: HTMLElement, id: string) => within(scope).findByTestId(`field-${id}`)

describe('embedded records in the record form', () => {
  it("edits a record field as a group of its type's shown fields, keeping a plain object", async () => {
    const { seen, last } = mount([home], { home: { city: 'Paris', secret: 's', code: 'P1' } })
    const group = screen.getByTestId('field-home')
    await shown(group, 'city')
    expect(within(group).queryByTestId('field-secret')).toBeNull()
    // displayembed: view shows the value without letting it change.
    expect(input(group, 'code').readOnly).toBe(true)
    expect(input(group, 'code').value).toBe('P1')

    fireEvent.change(input(group, 'floor'), { target: { value: '3' } })
    expect(last()?.home).toEqual({ city: 'Paris', secret: 's', code: 'P1', floor: 3 })

    // What does not pass its check stays on screen with its error, and is not kept.
    fireEvent.change(input(group, 'floor'), { target: { value: '3.5' } })
    expect(input(group, 'floor').value).toBe('3.5')
    expect(within(group).getByTestId('error-floor').textContent).not.toBe('')
    expect(last()?.home).toEqual({ city: 'Paris', secret: 's', code: 'P1', floor: 3 })
    expect(seen).toHaveLength(1)
  })

  it('holds no record once every value of the group is emptied', async () => {
    const { last } = mount([home], { home: { city: 'Paris' } })
    const group = screen.getByTestId('field-home')
    await shown(group, 'city')
    fireEvent.change(input(group, 'city'), { target: { value: '' } })
    expect(last()?.home).toBeNull()
    fireEvent.change(input(group, 'city'), { target: { value: 'Lyon' } })
    expect(last()?.home).toEqual({ city: 'Lyon' })
  })

  it('adds, moves and deletes the records of a recordlist, each moving with what it holds', async () => {
    const { last } = mount([offices], { offices: [{ city: 'Paris' }, { city: 'Lyon' }] })
    const list = screen.getByTestId('field-offices')
    await within(list).findAllByTestId('field-city')
    fireEvent.click(within(list).getByTestId('offices-add'))
    expect(last()?.offices).toEqual([{ city: 'Paris' }, { city: 'Lyon' }, {}])
    fireEvent.change(input(screen.getByTestId('offices-item-2'), 'city'), {
      target: { value: 'Nice' },
    })
    // Typed, not yet valid, in the second group: it moves up with its group.
    fireEvent.change(input(screen.getByTestId('offices-item-1'), 'floor'), {
      target: { value: 'two' },
    })
    fireEvent.click(within(screen.getByTestId('offices-item-1')).getByLabelText('Move Up'))
    expect(last()?.offices).toEqual([{ city: 'Lyon' }, { city: 'Paris' }, { city: 'Nice' }])
    expect(input(screen.getByTestId('offices-item-0'), 'floor').value).toBe('two')
    fireEvent.click(screen.getByTestId('offices-delete-1'))
    expect(last()?.offices).toEqual([{ city: 'Lyon' }, { city: 'Nice' }])
    expect(
      within(list)
        .getAllByTestId('field-city')
        .map((each) => each.querySelector('input')!.value),
    ).toEqual(['Lyon', 'Nice'])
  })

  it('only shows the records of a read-only field', async () => {
    mount(
      [offices, home],
      { offices: [{ city: 'Paris' }], home: { city: 'Lyon' } },
      {
        readOnly: true,
      },
    )
    const list = screen.getByTestId('field-offices')
    await waitFor(() => expect(input(list, 'city').readOnly).toBe(true))
    expect(within(list).queryByTestId('offices-add')).toBeNull()
    expect(within(list).queryByLabelText('Move Up')).toBeNull()
    expect(input(screen.getByTestId('field-home'), 'city').readOnly).toBe(true)
  })

  it("draws an embedded type with a running plugin's editor, each element of a list on its own", async () => {
    function CityEditor({ value, onChange, readOnly, id }: FieldEditorProps) {
      const city = (value as { city?: string } | undefined)?.city ?? ''
      return (
        <input
          id={id}
          data-testid="plugin-city"
          readOnly={readOnly}
          value={city}
          onChange={(event) => onChange({ city: event.target.value.toUpperCase() })}
        />
      )
    }
    const { client, calls } = fakeClient(() => () => 404)
    const seen: RecordData[] = []
    render(
      <ClientContext.Provider value={client}>
        <EmbeddedEditorsContext.Provider value={{ address: CityEditor }}>
          <Harness
            fields={[home, offices]}
            initial={{ type: 'company', id: 'acme', home: { city: 'Paris' }, offices: [{}] }}
            seen={seen}
          />
        </EmbeddedEditorsContext.Provider>
      </ClientContext.Provider>,
    )
    // The field's label points at the plugin's control.
    const own = screen.getByLabelText('Home', { selector: 'input' }) as HTMLInputElement
    expect(own.value).toBe('Paris')
    fireEvent.change(own, { target: { value: 'lyon' } })
    expect(seen.at(-1)?.home).toEqual({ city: 'LYON' })
    const element = within(screen.getByTestId('offices-item-0')).getByTestId('plugin-city')
    fireEvent.change(element, { target: { value: 'nice' } })
    expect(seen.at(-1)?.offices).toEqual([{ city: 'NICE' }])
    fireEvent.click(screen.getByTestId('offices-add'))
    expect(seen.at(-1)?.offices).toEqual([{ city: 'NICE' }, {}])
    // No definition is read for a type a plugin draws.
    expect(calls).toEqual([])
  })
})
