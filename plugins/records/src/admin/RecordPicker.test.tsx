// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
// The app's client context and a fake client: the picker asks the list and listids calls.
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient } from '../../../../admin-ui/src/app/test-client.js'
import { RecordListPicker } from './RecordListPicker.js'
import { RecordPicker } from './RecordPicker.js'

afterEach(cleanup)

/** 150 items, more than the kit's select ever offered (its first 100), named by `displayname`. */
const items = Array.from({ length: 150 }, (_, n) => ({
  type: 'item',
  id: `item-${String(n).padStart(3, '0')}`,
  displayname: n === 149 ? 'Baseball Cap' : `Tee ${n}`,
}))
items.push({ type: 'item', id: 'classic-tee', displayname: 'Classic Tee' })

const ITEM_TYPE = {
  type: 'recordtype',
  id: 'item',
  name: 'Item',
  titlefield: 'displayname',
  fields: [
    { id: 'displayname', name: 'Display name', datatype: 'text', showinlist: true },
    { id: 'parent', name: 'Parent item', datatype: 'record', recordtype: 'item' },
  ],
  access: { view: true, edit: true, create: true, delete: true },
}

/** The server: the list call's search finds word prefixes of the display name, in any page. */
function answer(path: string): unknown {
  if (path.startsWith('/data/recordtype/get/item')) return ITEM_TYPE
  if (path.startsWith('/data/listids/')) {
    const keys = path.slice('/data/listids/'.length).split('?')[0]!.split(',')
    return { list: items.filter((item) => keys.includes(`item|${item.id}`)) }
  }
  if (path.startsWith('/data/list/item')) {
    const query = new URLSearchParams(path.split('?')[1] ?? '')
    const words = (query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    const size = Number(query.get('pagesize') ?? 24)
    const found = items.filter((item) =>
      words.every((word) =>
        item.displayname
          .toLowerCase()
          .split(' ')
          .some((part) => part.startsWith(word)),
      ),
    )
    return {
      list: found.slice(0, size),
      pages: Math.max(1, Math.ceil(found.length / size)),
      page: 1,
      pagesize: size,
      nextpage: null,
    }
  }
  return 404
}

const parent: FieldDefinition = {
  id: 'parent',
  name: 'Parent item',
  datatype: 'record',
  recordtype: 'item',
}

function Harness({ initial, onChange }: { initial: unknown; onChange(value: unknown): void }) {
  const [value, setValue] = useState(initial)
  return (
    <RecordPicker
      id="parent-input"
      field={parent}
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

function mount(initial: unknown) {
  const { client, calls } = fakeClient(() => answer)
  const onChange = vi.fn()
  render(
    <ClientContext.Provider value={client}>
      <Harness initial={initial} onChange={onChange} />
    </ClientContext.Provider>,
  )
  return { calls, onChange, box: screen.getByRole('combobox') as HTMLInputElement }
}

describe('the record picker', () => {
  it("shows the chosen record by its type's title field, its id in small type", async () => {
    const { box } = mount({ reference: true, type: 'item', id: 'classic-tee' })
    await waitFor(() => expect(box.value).toBe('Classic Tee'))
    expect(screen.getByTestId('picked-id').textContent).toBe('classic-tee')
  })

  it('searches every record of the type on the server once typing rests, and picks by keyboard', async () => {
    const { box, calls, onChange } = mount(null)
    expect(box.getAttribute('aria-expanded')).toBe('false')
    fireEvent.focus(box)
    expect(box.getAttribute('aria-expanded')).toBe('true')
    // Opened: the first page, sorted by the title.
    await screen.findByRole('option', { name: /Tee 0/ })
    for (const typed of ['b', 'ba', 'bas']) fireEvent.change(box, { target: { value: typed } })
    // The 150th item, past any first page, is found by the server's search.
    const option = await screen.findByRole('option', { name: /Baseball Cap/ })
    expect(option.textContent).toContain('item-149')
    const searches = calls.filter((call) => call.startsWith('/data/list/item'))
    expect(searches.some((call) => call.includes('search=bas'))).toBe(true)
    // One search per pause, not one per key.
    expect(searches.some((call) => /search=b(&|$)/.test(call))).toBe(false)
    expect(searches.every((call) => call.includes('sort=displayname'))).toBe(true)
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id)
    expect(option.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onChange).toHaveBeenCalledWith({ reference: true, type: 'item', id: 'item-149' })
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.value).toBe('Baseball Cap')
  })

  it('moves through the matches with the arrow keys, and Escape puts the chosen name back', async () => {
    const { box, onChange } = mount({ reference: true, type: 'item', id: 'classic-tee' })
    await waitFor(() => expect(box.value).toBe('Classic Tee'))
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'tee 1' } })
    const first = await screen.findByRole('option', { name: /Tee 1\b/ })
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    const second = screen.getAllByRole('option')[1]!
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id)
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id)
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.value).toBe('Classic Tee')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('says when nothing matches, and clears the field', async () => {
    const { box, onChange } = mount({ reference: true, type: 'item', id: 'classic-tee' })
    await waitFor(() => expect(box.value).toBe('Classic Tee'))
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'zebra' } })
    await screen.findByText('Nothing matches.')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Tee' }))
    expect(onChange).toHaveBeenCalledWith(null)
  })

  it('keeps a record list as chips by name, adds from the search and takes one off', async () => {
    const { client } = fakeClient(() => answer)
    const onChange = vi.fn()
    const ref = (id: string) => ({ reference: true, type: 'item', id })
    render(
      <ClientContext.Provider value={client}>
        <RecordListPicker
          id="related"
          field={{ id: 'related', name: 'Related', datatype: 'recordlist', recordtype: 'item' }}
          value={[ref('classic-tee')]}
          onChange={onChange}
        />
      </ClientContext.Provider>,
    )
    const chips = screen.getByTestId('chosen')
    await waitFor(() => expect(chips.textContent).toContain('Classic Tee'))
    const box = screen.getByRole('combobox') as HTMLInputElement
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: 'baseball' } })
    await screen.findByRole('option', { name: /Baseball Cap/ })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onChange).toHaveBeenLastCalledWith([ref('classic-tee'), ref('item-149')])
    expect(box.value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Tee' }))
    expect(onChange).toHaveBeenLastCalledWith([])
  })
})
