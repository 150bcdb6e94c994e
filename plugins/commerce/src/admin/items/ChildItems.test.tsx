// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core/shared'
import { ClientContext } from '../../../../../admin-ui/src/app/client.js'
import { fakeClient, type FakeAnswer } from '../../../../../admin-ui/src/app/test-client.js'
import admin from '../index.js'
import ChildItems from './ChildItems.js'
import { childrenPath, newChildValues, optionValues, parentId } from './child-items.js'

afterEach(cleanup)

const ref = (id: string) => ({ reference: true, type: 'item', id })
const TEE: RecordData = {
  type: 'item',
  id: 'classic-tee',
  itemid: 'Classic Tee',
  displayname: 'Classic Tee',
  taxcode: { reference: true, type: 'taxcode', id: 'standard' },
}
const child = (id: string, options: string, extra: Partial<RecordData> = {}): RecordData => ({
  type: 'item',
  id,
  itemid: `Classic Tee : ${options}`,
  displayname: `Classic Tee, ${options.replace(' : ', ', ')}`,
  parent: ref('classic-tee'),
  online: true,
  stock: 12,
  ...extra,
})

/** Where a click went, and the new record's first values it handed on. */
function Landed() {
  const location = useLocation()
  return <pre data-testid="landed">{JSON.stringify([location.pathname, location.state])}</pre>
}

function mount(record: RecordData, answer: FakeAnswer, readOnly = false) {
  const { client, calls } = fakeClient(() => answer)
  const router = createMemoryRouter(
    [
      { path: '/data/item/:id', element: <ChildItems record={record} readOnly={readOnly} /> },
      { path: '/data/item/new', element: <Landed /> },
    ],
    { initialEntries: [`/data/item/${record.id || 'draft'}`] },
  )
  render(
    <ClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </ClientContext.Provider>,
  )
  return calls
}

describe("a product's child items", () => {
  it('is a part of the item editor’s Options group', () => {
    const parts = admin.recordSections?.item ?? []
    expect(parts.map((part) => part.tab)).toEqual(['Options'])
  })

  it('lists the children by name and options, with online and stock, linked to each', async () => {
    const calls = mount(TEE, (path) =>
      path.startsWith('/data/list/item?')
        ? {
            list: [
              child('classic-tee-blue-s', 'Blue : S'),
              child('classic-tee-blue-m', 'Blue : M', { online: false, stock: 1200 }),
              // Named like the parent's id by another item: the list's filter matches it, the
              // table does not.
              child('other', 'Red : S', { parent: ref('Classic Tee') }),
            ],
            pages: 1,
          }
        : 404,
    )
    const row = await screen.findByTestId('child-item-classic-tee-blue-m')
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Classic Tee, Blue, M',
      'Blue : M',
      'No',
      '1,200',
    ])
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/data/item/classic-tee-blue-m')
    expect(screen.getAllByTestId(/^child-item-/)).toHaveLength(2)
    expect(calls).toEqual([decodeURIComponent(childrenPath('classic-tee'))])
  })

  it('begins a new child with its parent, tax code and item id filled in', async () => {
    mount(TEE, () => ({ list: [], pages: 1 }))
    expect((await screen.findByTestId('child-items-none')).textContent).toContain('No child items')
    fireEvent.click(screen.getByTestId('child-items-add'))
    const [path, state] = JSON.parse((await screen.findByTestId('landed')).textContent!)
    expect(path).toBe('/data/item/new')
    expect(state).toEqual({
      copy: {
        type: 'item',
        id: '',
        parent: ref('classic-tee'),
        online: true,
        itemid: 'Classic Tee : ',
        taxcode: TEE.taxcode,
      },
    })
  })

  it('says why it cannot list them, and offers no button to staff who may not edit', async () => {
    mount(TEE, () => 400, true)
    expect((await screen.findByTestId('child-items-error')).textContent).not.toBe('')
    expect(screen.queryByTestId('child-items-add')).toBeNull()
  })

  it('shows nothing on a child item, and asks for a save on a new one', () => {
    const calls = mount(child('classic-tee-blue-s', 'Blue : S'), () => 404)
    expect(screen.queryByTestId('child-items')).toBeNull()
    cleanup()
    mount({ type: 'item', id: '' }, () => 404)
    expect(screen.getByTestId('child-items').textContent).toContain('Save the item')
    expect(calls).toEqual([])
  })

  it('reads option values and parents as staff see them', () => {
    expect(optionValues(child('a', 'Blue : S'), TEE)).toBe('Blue : S')
    expect(optionValues({ type: 'item', id: 'b', itemid: 'Odd' }, TEE)).toBe('Odd')
    expect(parentId(child('a', 'Blue : S'))).toBe('classic-tee')
    expect(parentId({ type: 'item', id: 'x', parent: { type: 'webcategory', id: 'y' } })).toBeNull()
    expect(parentId({ type: 'item', id: 'x', parent: 'classic-tee' })).toBeNull()
    expect(newChildValues({ type: 'item', id: 'bare' })).toEqual({
      type: 'item',
      id: '',
      parent: ref('bare'),
      online: true,
    })
  })
})
