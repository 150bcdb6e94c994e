// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable, useSelection, type Column } from './Table.js'

interface Item {
  id: string
  name: string
  tags?: string[]
}

const ITEMS: Item[] = [
  { id: 'a', name: 'Apple', tags: ['red', 'green', 'yellow'] },
  { id: 'b', name: 'Banana' },
  { id: 'c', name: 'Cherry' },
]

const COLUMNS: Array<Column<Item>> = [
  { id: 'name', label: 'Name', width: 200 },
  { id: 'tags', label: 'Tags' },
  { id: 'link', label: 'Link', render: (item) => <a href={`#${item.id}`}>open {item.id}</a> },
]

/** A list wired the way screens wire it: the selection hook feeding the table. */
function List({
  rows,
  onRowClick,
  loading,
}: {
  rows: Item[]
  onRowClick?: (item: Item) => void
  loading?: boolean
}) {
  const selection = useSelection(rows.map((row) => row.id))
  return (
    <>
      <DataTable
        rows={rows}
        columns={COLUMNS}
        rowKey="id"
        selectable
        selected={selection.selected}
        onSelect={selection.onSelect}
        onRowClick={onRowClick}
        loading={loading}
      />
      <output data-testid="selected">{[...selection.selected].sort().join(',')}</output>
    </>
  )
}

const selectedKeys = () => screen.getByTestId('selected').textContent
const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement

afterEach(cleanup)

describe('DataTable', () => {
  it('shows the headings and each row, with the display limits by default', () => {
    const long = 'x'.repeat(600)
    render(
      <DataTable
        rows={[...ITEMS, { id: 'd', name: long }]}
        columns={COLUMNS}
        rowKey={(item) => item.id}
      />,
    )
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent)
    expect(headings).toEqual(['Name', 'Tags', 'Link'])
    expect(screen.getAllByRole('columnheader')[0]!.style.width).toBe('200px')
    const apple = screen.getByTestId('row-a')
    expect([...apple.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Apple',
      'red, green, ...',
      'open a',
    ])
    expect(screen.getByTestId('row-d').querySelector('td')!.textContent).toBe(
      'x'.repeat(500) + '...',
    )
    // Not selectable: no checkboxes at all.
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('opens a clicked row', () => {
    const open = vi.fn()
    render(<List rows={ITEMS} onRowClick={open} />)
    fireEvent.click(screen.getByText('Banana'))
    expect(open).toHaveBeenCalledWith(ITEMS[1])
  })

  it('toggles a row by its checkbox without opening it', () => {
    const open = vi.fn()
    render(<List rows={ITEMS} onRowClick={open} />)
    fireEvent.click(checkbox('row-check-b'))
    expect(selectedKeys()).toBe('b')
    expect(checkbox('row-check-b').checked).toBe(true)
    expect(screen.getByTestId('row-b').classList.contains('sw-table-row-selected')).toBe(true)
    fireEvent.click(checkbox('row-check-b'))
    expect(selectedKeys()).toBe('')
    // A click in the checkbox cell around the box toggles too, and opens nothing either.
    fireEvent.click(checkbox('row-check-c').closest('label')!)
    expect(selectedKeys()).toBe('c')
    fireEvent.click(checkbox('row-check-c').closest('td')!)
    expect(selectedKeys()).toBe('c')
    expect(open).not.toHaveBeenCalled()
  })

  it('leaves a click on a link in a cell to the link', () => {
    const open = vi.fn()
    render(<List rows={ITEMS} onRowClick={open} />)
    fireEvent.click(screen.getByText('open a'))
    expect(open).not.toHaveBeenCalled()
  })

  it('opens a focused row with Enter and toggles it with Space', () => {
    const open = vi.fn()
    render(<List rows={ITEMS} onRowClick={open} />)
    const row = screen.getByTestId('row-c')
    expect(row.tabIndex).toBe(0)
    fireEvent.keyDown(row, { key: 'Enter' })
    expect(open).toHaveBeenCalledWith(ITEMS[2])
    fireEvent.keyDown(row, { key: ' ' })
    expect(selectedKeys()).toBe('c')
    // Keys pressed on the checkbox inside the row do not open it.
    fireEvent.keyDown(checkbox('row-check-a'), { key: 'Enter' })
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('does not make rows focusable without onRowClick', () => {
    render(<List rows={ITEMS} />)
    expect(screen.getByTestId('row-a').hasAttribute('tabindex')).toBe(false)
  })

  it('selects all, then none, from the header checkbox', () => {
    render(<List rows={ITEMS} />)
    const all = checkbox('select-all')
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(false)
    fireEvent.click(all)
    expect(selectedKeys()).toBe('a,b,c')
    expect(all.checked).toBe(true)
    fireEvent.click(all)
    expect(selectedKeys()).toBe('')
    expect(all.checked).toBe(false)
  })

  it('shows some selected as indeterminate, and then selects all', () => {
    render(<List rows={ITEMS} />)
    const all = checkbox('select-all')
    fireEvent.click(checkbox('row-check-a'))
    expect(all.indeterminate).toBe(true)
    expect(all.checked).toBe(false)
    fireEvent.click(all)
    expect(selectedKeys()).toBe('a,b,c')
    expect(all.indeterminate).toBe(false)
    fireEvent.click(checkbox('row-check-b'))
    expect(all.indeterminate).toBe(true)
  })

  it('calls onSelect with a new set and leaves the given one alone', () => {
    const given = new Set(['a'])
    const onSelect = vi.fn()
    render(
      <DataTable
        rows={ITEMS}
        columns={COLUMNS}
        rowKey="id"
        selectable
        selected={given}
        onSelect={onSelect}
      />,
    )
    fireEvent.click(checkbox('row-check-b'))
    expect([...onSelect.mock.calls[0]![0]].sort()).toEqual(['a', 'b'])
    expect([...given]).toEqual(['a'])
  })

  it('shows the empty text only when there are no rows and nothing loads', () => {
    const { rerender } = render(<DataTable rows={[]} columns={COLUMNS} rowKey="id" selectable />)
    const empty = screen.getByTestId('table-empty')
    expect(empty.textContent).toBe('No records')
    expect(empty.getAttribute('colspan')).toBe('4')
    expect(checkbox('select-all').disabled).toBe(true)
    rerender(<DataTable rows={[]} columns={COLUMNS} rowKey="id" empty="The bin is empty" />)
    expect(screen.getByTestId('table-empty').textContent).toBe('The bin is empty')
    rerender(<DataTable rows={[]} columns={COLUMNS} rowKey="id" loading />)
    expect(screen.queryByTestId('table-empty')).toBeNull()
  })

  it('shows placeholder rows at least 200 px tall while loading, after the rows there are', () => {
    const { rerender } = render(
      <DataTable rows={[]} columns={COLUMNS} rowKey="id" selectable loading />,
    )
    let placeholders = screen.getAllByTestId('table-placeholder')
    expect(placeholders).toHaveLength(5)
    const height = (rows: HTMLElement[]) =>
      rows.reduce((sum, row) => sum + parseFloat(row.style.height), 0)
    expect(height(placeholders)).toBeGreaterThanOrEqual(200)
    expect(placeholders[0]!.querySelectorAll('.sw-placeholder-bar')).toHaveLength(4)
    expect(screen.getByTestId('data-table').getAttribute('aria-busy')).toBe('true')

    rerender(<DataTable rows={ITEMS} columns={COLUMNS} rowKey="id" loading placeholderRows={2} />)
    placeholders = screen.getAllByTestId('table-placeholder')
    expect(placeholders).toHaveLength(2)
    expect(height(placeholders)).toBeGreaterThanOrEqual(200)
    const body = screen.getByTestId('row-a').parentElement!
    expect(body.lastElementChild).toBe(placeholders[1])

    rerender(<DataTable rows={ITEMS} columns={COLUMNS} rowKey="id" />)
    expect(screen.queryByTestId('table-placeholder')).toBeNull()
    expect(screen.getByTestId('data-table').hasAttribute('aria-busy')).toBe(false)
  })

  it('takes a test id to tell tables apart', () => {
    render(<DataTable rows={ITEMS} columns={COLUMNS} rowKey="id" testId="bin-table" />)
    expect(screen.getByTestId('bin-table').tagName).toBe('TABLE')
  })
})

describe('useSelection', () => {
  const mount = (keys: string[]) =>
    renderHook(({ keys }) => useSelection(keys), { initialProps: { keys } })

  it('toggles, selects all and clears', () => {
    const { result } = mount(['a', 'b', 'c'])
    expect([...result.current.selected]).toEqual([])
    act(() => result.current.toggle('b'))
    expect([...result.current.selected]).toEqual(['b'])
    act(() => result.current.toggle('b'))
    expect([...result.current.selected]).toEqual([])
    act(() => result.current.selectAll())
    expect([...result.current.selected]).toEqual(['a', 'b', 'c'])
    act(() => result.current.clear())
    expect(result.current.selected.size).toBe(0)
    act(() => result.current.onSelect(['c', 'a']))
    expect([...result.current.selected]).toEqual(['c', 'a'])
  })

  it('drops keys whose rows went away, in the same render', () => {
    const { result, rerender } = mount(['a', 'b', 'c'])
    act(() => result.current.selectAll())
    rerender({ keys: ['a', 'c', 'd'] })
    expect([...result.current.selected]).toEqual(['a', 'c'])
    // A row coming back does not come back selected.
    rerender({ keys: ['a', 'b', 'c', 'd'] })
    expect([...result.current.selected]).toEqual(['a', 'c'])
    rerender({ keys: [] })
    expect(result.current.selected.size).toBe(0)
  })

  it('selects all of the newest rows', () => {
    const { result, rerender } = mount(['a'])
    rerender({ keys: ['a', 'b'] })
    act(() => result.current.selectAll())
    expect([...result.current.selected]).toEqual(['a', 'b'])
  })

  it('keeps its functions and its set between renders', () => {
    const { result, rerender } = mount(['a', 'b'])
    const first = result.current
    rerender({ keys: ['a', 'b'] })
    expect(result.current).toBe(first)
    rerender({ keys: ['a', 'b', 'c'] })
    expect(result.current.toggle).toBe(first.toggle)
    expect(result.current.selectAll).toBe(first.selectAll)
  })
})

describe('DataTable sorting', () => {
  afterEach(cleanup)

  it('makes sortable headings buttons that report the column, and marks the order', () => {
    const onSort = vi.fn()
    const columns: Array<Column<Item>> = [
      { id: 'name', label: 'Name', sortable: true },
      { id: 'tags', label: 'Tags' },
    ]
    const { rerender } = render(
      <DataTable rows={ITEMS} columns={columns} rowKey="id" onSort={onSort} />,
    )
    expect(screen.queryByTestId('sort-tags')).toBeNull()
    fireEvent.click(screen.getByTestId('sort-name'))
    expect(onSort).toHaveBeenCalledWith('name')
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull()
    rerender(
      <DataTable
        rows={ITEMS}
        columns={columns}
        rowKey="id"
        onSort={onSort}
        sort={{ column: 'name', descending: true }}
      />,
    )
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'descending',
    )
  })

  it('leaves headings as text without onSort', () => {
    render(
      <DataTable
        rows={ITEMS}
        columns={[{ id: 'name', label: 'Name', sortable: true }]}
        rowKey="id"
      />,
    )
    expect(screen.queryByTestId('sort-name')).toBeNull()
  })
})
