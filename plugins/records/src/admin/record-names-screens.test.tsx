// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '@shopwright/admin-ui/testing'
// The app's client context and a fake client: the screens read the type, the records and names.
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { FieldEditorsContext } from '@shopwright/admin-ui/kit'
import recordsAdmin from './index.js'
import { LazyRecordListPicker, LazyRecordPicker } from './LazyRecordPicker.js'
import { RecordListScreen } from './RecordListScreen.js'
import { RecordPicker } from './RecordPicker.js'
import { RecordScreen } from './RecordScreen.js'

afterEach(cleanup)

const access = { view: true, edit: true, create: true, delete: true }
const ITEM = {
  type: 'recordtype',
  id: 'item',
  name: 'Item',
  titlefield: 'displayname',
  fields: [
    { id: 'displayname', name: 'Display name', datatype: 'text', showinlist: true },
    { id: 'itemid', name: 'Item id', datatype: 'text', showinlist: true },
    { id: 'parent', name: 'Parent item', datatype: 'record', recordtype: 'item', showinlist: true },
  ],
  access,
}
const tee = { type: 'item', id: 'classic-tee', displayname: 'Classic Tee', itemid: 'Classic Tee' }
const small = {
  type: 'item',
  id: 'classic-tee-blue-s',
  displayname: 'Classic Tee, Blue, S',
  itemid: 'Classic Tee : Blue : S',
  parent: { reference: true, type: 'item', id: 'classic-tee' },
}

function answer(path: string): unknown {
  if (path.startsWith('/data/recordtype/get/item')) return ITEM
  if (path.startsWith('/data/get/item/classic-tee-blue-s')) return small
  if (path.startsWith('/data/listids/'))
    return { list: path.includes('item|classic-tee') ? [tee] : [] }
  if (path.startsWith('/data/list/item'))
    // The parent is not on this page: its name comes from listids.
    return { list: [small], nextpage: null, pagesize: 100, pages: 1, page: 1 }
  return 404
}

/** A screen at its address, under the route that gives it the id. */
function open(address: string, path: string, screenElement: React.ReactNode) {
  const { client, calls } = fakeClient(() => answer)
  renderAt(address, null, [
    {
      path,
      // The editors the app gives the forms from the running plugins' modules (index.ts).
      element: (
        <ClientContext.Provider value={client}>
          <FieldEditorsContext.Provider value={{ record: RecordPicker }}>
            {screenElement}
          </FieldEditorsContext.Provider>
        </ClientContext.Provider>
      ),
    },
  ])
  return calls
}

describe('records by name', () => {
  it("registers the search pickers as every form's record and record list field editors", () => {
    expect(recordsAdmin.fields?.record).toBe(LazyRecordPicker)
    expect(recordsAdmin.fields?.recordlist).toBe(LazyRecordListPicker)
  })

  it("titles the editor with the type's title field, the id in small type, and puts the id field last", async () => {
    open('/data/item/classic-tee-blue-s', '/data/item/:id', <RecordScreen type="item" />)
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).toContain('Classic Tee, Blue, S')
    expect(screen.getByTestId('record-id').textContent).toBe('classic-tee-blue-s')
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' })
    expect(crumbs.textContent).toContain('Classic Tee, Blue, S')
    expect(crumbs.textContent).not.toContain('classic-tee-blue-s')
    const labels = [...document.querySelectorAll('[data-testid^="field-"]')].map((field) =>
      field.getAttribute('data-testid'),
    )
    expect(labels[0]).toBe('field-displayname')
    expect(labels.at(-1)).toBe('field-id')
    // The Parent field shows the parent's name, with its id under it.
    const parent = within(screen.getByTestId('field-parent'))
    await waitFor(() =>
      expect((parent.getByRole('combobox') as HTMLInputElement).value).toBe('Classic Tee'),
    )
    expect(parent.getByTestId('picked-id').textContent).toBe('classic-tee')
  })

  it('lists rows by name over their id, sorted by the title column, and names referenced records', async () => {
    const calls = open('/data/item', '/data/item', <RecordListScreen type="item" />)
    const row = (await screen.findByText('Classic Tee, Blue, S')).closest('tr')!
    expect(within(row).getByText('classic-tee-blue-s').className).toContain('records-id')
    expect(row.textContent).not.toContain('item.classic-tee-blue-s')
    // The title field has no column of its own: the name column is it, headed by the field's own
    // name (the type names it), and sorts by it.
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '')
    expect(headings.filter((text) => text.includes('Display name'))).toHaveLength(1)
    expect(headings.some((text) => /^Name/.test(text))).toBe(false)
    // The parent is not on the page: its cell still shows its name.
    await within(row).findByText('Classic Tee')
    expect(calls.some((call) => call.startsWith('/data/listids/item|classic-tee'))).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /^Display name/ }))
    await waitFor(() => expect(calls.some((call) => call.includes('sort=displayname'))).toBe(true))
  })
})
