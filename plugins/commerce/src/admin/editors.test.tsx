// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import {
  FieldEditorsContext,
  FieldSourceContext,
  type FieldEditor,
  type FieldSource,
} from '@shopwright/admin-ui/kit'
import { useHeldValue } from '@shopwright/admin-ui/testing'
// The app's client context and a fake client: the price table reads the site's currencies.
import { ClientContext } from '../../../../admin-ui/src/app/client.js'
import { fakeClient, type FakeAnswer } from '../../../../admin-ui/src/app/test-client.js'
import admin from './index.js'
import DocumentLinesView, { lineTax } from './DocumentLinesView.js'
import ImageEditor from './ImageEditor.js'
import { drivePathOf, driveUrlOf, previewUrl } from './image-url.js'
import PriceTableEditor, { namedCurrency } from './PriceTableEditor.js'

afterEach(cleanup)

const LEVELS = [
  { key: '1', label: 'Base Price', value: '1' },
  { key: '2', label: 'Alternate Price 1', value: '2' },
  { key: '5', label: 'Online Price', value: '5' },
]
const source: FieldSource = {
  listChoices: async (listtype) => (listtype === 'pricelevel' ? LEVELS : []),
  recordChoices: async () => [],
}
const WEB: FakeAnswer = (path) =>
  path.startsWith('/data/get/configuration/web')
    ? {
        type: 'configuration',
        id: 'web',
        currencies: [
          { reference: true, type: 'currency', id: 'usd' },
          { reference: true, type: 'currency', id: 'eur' },
        ],
      }
    : 404

const field = (id: string, recordtype: string): FieldDefinition => ({
  id,
  name: id,
  datatype: 'record',
  embed: true,
  recordtype,
})

/** An editor with its value in state, as the record form holds it; `seen` gets each change. */
function Harness({
  Editor,
  definition,
  initial,
  seen,
  readOnly,
}: {
  Editor: FieldEditor
  definition: FieldDefinition
  initial: unknown
  seen: unknown[]
  readOnly?: boolean
}) {
  const { value, onChange } = useHeldValue(initial, (next) => seen.push(next))
  return (
    <Editor field={definition} value={value} readOnly={readOnly} id="editor" onChange={onChange} />
  )
}

function mount(content: ReactNode, answer: FakeAnswer = WEB) {
  const { client } = fakeClient(() => answer)
  const router = createMemoryRouter([{ path: '*', element: content }])
  render(
    <ClientContext.Provider value={client}>
      <FieldSourceContext.Provider value={source}>
        <RouterProvider router={router} />
      </FieldSourceContext.Provider>
    </ClientContext.Provider>,
  )
}

const TABLE = {
  headers: [{ quantity: 1 }, { quantity: 10 }],
  lines: [
    { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 21.6 },
    { pricelevel: 1, currency: 'usd', price_1_: 26 },
  ],
}

const get = (testId: string) => screen.getByTestId(testId) as HTMLInputElement

describe('the commerce admin module', () => {
  it('supplies editors of its embedded types and the orders screens, gated by `orders`', () => {
    expect(admin.plugin).toBe('commerce')
    expect(
      (admin.panels ?? []).map((panel) => [panel.path, panel.security, panel.menu?.label]),
    ).toEqual([
      ['/orders', 'orders', 'Orders'],
      ['/orders/:id', 'orders', undefined],
    ])
    expect(Object.keys(admin.embedded ?? {}).sort()).toEqual([
      'documentlines',
      'pricematrix',
      'webimage',
    ])
  })
})

describe('the price table editor', () => {
  const price1 = field('price1', 'pricematrix')

  it('shows the breaks and lines, and keeps a price as a number as it is typed', async () => {
    const seen: unknown[] = []
    mount(<Harness Editor={PriceTableEditor} definition={price1} initial={TABLE} seen={seen} />)
    await waitFor(() => expect(get('price1-level-0').value).toBe('5'))
    expect(get('price1-break-1').value).toBe('10')
    expect(get('price1-price-0-1').value).toBe('21.6')
    // A cell with no price is empty.
    expect(get('price1-price-1-1').value).toBe('')
    expect(
      within(get('price1-level-0'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Base Price', 'Alternate Price 1', 'Online Price'])
    await waitFor(() =>
      expect(
        within(get('price1-currency-0'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['USD', 'EUR']),
    )

    fireEvent.change(get('price1-price-1-1'), { target: { value: '23.' } })
    expect(get('price1-price-1-1').value).toBe('23.')
    expect(seen.at(-1)).toEqual({
      headers: TABLE.headers,
      lines: [TABLE.lines[0], { pricelevel: 1, currency: 'usd', price_1_: 26, price_2_: 23 }],
    })
    fireEvent.change(get('price1-price-1-1'), { target: { value: '23.4' } })
    expect((seen.at(-1) as typeof TABLE).lines[1]).toMatchObject({ price_2_: 23.4 })
    // Not a number: shown as wrong, nothing handed on.
    const count = seen.length
    fireEvent.change(get('price1-price-0-0'), { target: { value: '2x' } })
    expect(get('price1-price-0-0').getAttribute('aria-invalid')).toBe('true')
    expect(seen).toHaveLength(count)
    // Emptied: no price in that cell.
    fireEvent.change(get('price1-price-0-1'), { target: { value: '' } })
    expect((seen.at(-1) as typeof TABLE).lines[0]).toEqual({
      pricelevel: 5,
      currency: 'usd',
      price_1_: 24,
    })
  })

  it('adds a break, and keeps breaks out of order back until they are put in order', async () => {
    const seen: unknown[] = []
    mount(<Harness Editor={PriceTableEditor} definition={price1} initial={TABLE} seen={seen} />)
    fireEvent.click(await screen.findByTestId('price1-add-break'))
    expect((seen.at(-1) as typeof TABLE).headers).toEqual([
      { quantity: 1 },
      { quantity: 10 },
      { quantity: 20 },
    ])
    const count = seen.length
    fireEvent.change(get('price1-break-2'), { target: { value: '5' } })
    fireEvent.change(get('price1-price-0-2'), { target: { value: '22' } })
    expect(seen).toHaveLength(count)
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Each break must be a whole number above the one before it.',
    ])
    // Leaving the break puts the columns in order, prices with them, and hands the table on.
    fireEvent.blur(get('price1-break-2'))
    expect(seen.at(-1)).toEqual({
      headers: [{ quantity: 1 }, { quantity: 5 }, { quantity: 10 }],
      lines: [
        { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 22, price_3_: 21.6 },
        { pricelevel: 1, currency: 'usd', price_1_: 26 },
      ],
    })
    expect(screen.queryAllByRole('alert')).toEqual([])
    fireEvent.click(get('price1-remove-break-0'))
    expect((seen.at(-1) as typeof TABLE).headers).toEqual([{ quantity: 5 }, { quantity: 10 }])
  })

  it('adds a line at a level not yet priced, and holds back a level twice in a currency', async () => {
    const seen: unknown[] = []
    mount(<Harness Editor={PriceTableEditor} definition={price1} initial={TABLE} seen={seen} />)
    await waitFor(() => expect(get('price1-currency-0').disabled).toBe(false))
    fireEvent.click(screen.getByTestId('price1-add-line'))
    expect((seen.at(-1) as typeof TABLE).lines[2]).toEqual({ pricelevel: 2, currency: 'usd' })
    const count = seen.length
    fireEvent.change(get('price1-level-2'), { target: { value: '5' } })
    expect(seen).toHaveLength(count)
    expect(screen.getByText('A price level has one line per currency.')).toBeTruthy()
    fireEvent.change(get('price1-currency-2'), { target: { value: 'eur' } })
    expect((seen.at(-1) as typeof TABLE).lines[2]).toEqual({ pricelevel: 5, currency: 'eur' })
    fireEvent.click(screen.getByTestId('price1-remove-line-0'))
    expect((seen.at(-1) as typeof TABLE).lines.map((line) => line.pricelevel)).toEqual([1, 5])
  })

  it('starts a field with no table at one break, and offers every currency record to staff who may not read the site', async () => {
    const seen: unknown[] = []
    const answer: FakeAnswer = (path) =>
      path.startsWith('/data/list/currency')
        ? { list: [{ type: 'currency', id: 'gbp' }], nextpage: null }
        : 403
    mount(
      <Harness Editor={PriceTableEditor} definition={price1} initial={undefined} seen={seen} />,
      answer,
    )
    expect(screen.getByText('No prices yet.')).toBeTruthy()
    // A line can be added once the currencies it may take are known.
    await waitFor(() => expect(get('price1-add-line').disabled).toBe(false))
    fireEvent.click(screen.getByTestId('price1-add-line'))
    expect(seen.at(-1)).toEqual({
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'gbp' }],
    })
  })

  it('starts an empty table in the currency its field names', async () => {
    expect(namedCurrency('Prices 2 (EUR)', ['usd', 'eur'])).toBe('eur')
    expect(namedCurrency('Prices', ['usd', 'eur'])).toBeUndefined()
    const seen: unknown[] = []
    const price2: FieldDefinition = { ...price1, id: 'price2', name: 'Prices 2 (EUR)' }
    mount(<Harness Editor={PriceTableEditor} definition={price2} initial={null} seen={seen} />)
    await waitFor(() => expect(get('price2-add-line').disabled).toBe(false))
    fireEvent.click(get('price2-add-line'))
    expect(seen.at(-1)).toEqual({
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'eur' }],
    })
  })

  it('only shows a table it may not change', async () => {
    mount(
      <Harness Editor={PriceTableEditor} definition={price1} initial={TABLE} seen={[]} readOnly />,
    )
    expect(get('price1-price-0-0').readOnly).toBe(true)
    expect(get('price1-break-0').readOnly).toBe(true)
    expect(get('price1-level-0').disabled).toBe(true)
    for (const id of ['price1-add-line', 'price1-add-break', 'price1-remove-line-0'])
      expect(screen.queryByTestId(id), id).toBeNull()
  })
})

describe('the image editor', () => {
  const image = field('storedisplayimage', 'webimage')

  it('previews the address at 200 px beside the address and text', () => {
    const seen: unknown[] = []
    mount(
      <Harness
        Editor={ImageEditor}
        definition={image}
        initial={{ url: '/query/drive/load/public/catalogue/tee.webp', alt: 'A tee' }}
        seen={seen}
      />,
    )
    const picture = screen.getByRole('img', { name: 'A tee' }) as HTMLImageElement
    expect(picture.getAttribute('src')).toBe(
      '/query/drive/load/public/catalogue/tee.webp?width=200',
    )
    fireEvent.change(get('image-alt-storedisplayimage'), { target: { value: 'A blue tee' } })
    expect(seen.at(-1)).toEqual({
      url: '/query/drive/load/public/catalogue/tee.webp',
      alt: 'A blue tee',
    })
    fireEvent.change(get('image-alt-storedisplayimage'), { target: { value: ' ' } })
    expect(seen.at(-1)).toEqual({ url: '/query/drive/load/public/catalogue/tee.webp' })
    // Emptied whole: no image.
    fireEvent.change(get('image-url-storedisplayimage'), { target: { value: '' } })
    expect(seen.at(-1)).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('No picture')).toBeTruthy()
  })

  /** The drive's `publicfolder` editor as a plain input: a path typed is a path picked. */
  const DriveFile: FieldEditor = ({ field: file, value, onChange, id }) => (
    <input
      id={id}
      data-testid={`path-${file.id}`}
      data-filter={file.fileextension}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || null)}
    />
  )
  const withDrive = (content: ReactNode) => (
    <FieldEditorsContext.Provider value={{ publicfolder: DriveFile }}>
      {content}
    </FieldEditorsContext.Provider>
  )

  it("picks the picture with the drive's picker while the drive runs", () => {
    const seen: unknown[] = []
    mount(
      withDrive(
        <Harness
          Editor={ImageEditor}
          definition={image}
          initial={{ url: '/query/drive/load/public/catalogue/classic%20tee.webp?width=400' }}
          seen={seen}
        />,
      ),
    )
    // The drive's editor shows the path, filtered to images; no address field.
    const path = get('path-storedisplayimage-file')
    expect(path.value).toBe('public/catalogue/classic tee.webp')
    expect(path.dataset.filter).toBe('image,webp,avif')
    expect(screen.queryByTestId('image-url-storedisplayimage')).toBeNull()
    fireEvent.change(path, { target: { value: 'public/new folder/cap.png' } })
    expect(seen.at(-1)).toEqual({ url: '/query/drive/load/public/new%20folder/cap.png' })
    // Staff may type an address instead, and go back.
    fireEvent.click(get('image-switch-storedisplayimage'))
    fireEvent.change(get('image-url-storedisplayimage'), { target: { value: '/images/x.png' } })
    expect(seen.at(-1)).toEqual({ url: '/images/x.png' })
    fireEvent.click(get('image-switch-storedisplayimage'))
    expect(get('path-storedisplayimage-file').value).toBe('')
    fireEvent.change(get('path-storedisplayimage-file'), { target: { value: 'public/a.png' } })
    expect(seen.at(-1)).toEqual({ url: '/query/drive/load/public/a.png' })
    // Removed in the drive's editor: no image.
    fireEvent.change(get('path-storedisplayimage-file'), { target: { value: '' } })
    expect(seen.at(-1)).toBeNull()
  })

  it('opens on the address of a picture the drive does not hold', () => {
    mount(
      withDrive(
        <Harness
          Editor={ImageEditor}
          definition={image}
          initial={{ url: 'https://cdn.example.com/a.png', alt: 'A' }}
          seen={[]}
        />,
      ),
    )
    expect(get('image-url-storedisplayimage').value).toBe('https://cdn.example.com/a.png')
    expect(screen.getByText('No preview')).toBeTruthy()
  })

  it('reads a drive path from the address, refusing anything that is not one', () => {
    expect(drivePathOf('/query/drive/load/public/a%20b/c.webp?width=400#x')).toBe(
      'public/a b/c.webp',
    )
    expect(drivePathOf(' /query/drive/load/public/a.png ')).toBe('public/a.png')
    for (const url of [
      '',
      '/images/a.png',
      '/query/drive/load/',
      '/query/drive/load/public/../private/a.png',
      '/query/drive/load/public/%2e%2e/a.png',
      '/query/drive/load/public//a.png',
      '/query/drive/load/public/%E0%A4%A.png',
    ])
      expect(drivePathOf(url), url).toBeNull()
    expect(driveUrlOf('public/a b/ç#?.png')).toBe('/query/drive/load/public/a%20b/%C3%A7%23%3F.png')
    expect(drivePathOf(driveUrlOf('public/a b/ç#?.png'))).toBe('public/a b/ç#?.png')
  })

  it('previews only what the admin may load', () => {
    expect(previewUrl('/query/drive/load/public/a.png')).toBe(
      '/query/drive/load/public/a.png?width=200',
    )
    expect(previewUrl('/images/a.png?v=2#x')).toBe('/images/a.png?v=2&width=200#x')
    expect(previewUrl('https://cdn.example.com/a.png')).toBeNull()
    expect(previewUrl('//cdn.example.com/a.png')).toBeNull()
    expect(previewUrl('')).toBeNull()
  })
})

describe("an order's lines", () => {
  it('are a read-only table of item, quantity, rate, amount and tax', () => {
    const lines = {
      lines: [
        {
          item: { reference: true, type: 'item', id: 'classic-tee' },
          itemid: 'Classic Tee',
          displayname: 'Classic Tee',
          quantity: 12,
          rate: 21.6,
          amount: 259.2,
          grossamt: 311.04,
          taxcode: 'standard',
        },
        { itemid: 'Mug', quantity: 1, rate: 5, amount: 5, tax: 1 },
      ],
    }
    mount(
      <Harness
        Editor={DocumentLinesView}
        definition={field('item', 'documentlines')}
        initial={lines}
        seen={[]}
      />,
    )
    const cells = (index: number) =>
      within(screen.getByTestId(`line-${index}`))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(0)).toEqual(['Classic Tee', '12', '21.60', '259.20', '51.84'])
    expect(cells(1)).toEqual(['Mug', '1', '5.00', '5.00', '1.00'])
    expect(screen.getByRole('link', { name: 'Classic Tee' }).getAttribute('href')).toBe(
      '/data/item/classic-tee',
    )
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(lineTax({ amount: 10 })).toBeNull()
  })
})
