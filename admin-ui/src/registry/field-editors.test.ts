import { describe, expect, it } from 'vitest'
import type { FieldEditorProps } from '../kit/fields/field-editors.js'
import { embeddedEditorsOf, fieldEditorsOf, type AdminModule } from './index.js'

const PathEditor = (props: FieldEditorProps) => props.id
const OtherPathEditor = (props: FieldEditorProps) => props.id
const MapEditor = (props: FieldEditorProps) => props.id

describe('the field editors of the modules', () => {
  it('collects each datatype from the module that supplies it', () => {
    const modules: AdminModule[] = [
      { plugin: 'records' },
      { plugin: 'drive', fields: { folder: PathEditor, publicfolder: PathEditor } },
      { plugin: 'maps', fields: { point: MapEditor } },
    ]
    expect(fieldEditorsOf(modules)).toEqual({
      folder: PathEditor,
      publicfolder: PathEditor,
      point: MapEditor,
    })
  })

  it('leaves a datatype two modules supply to the kit, whatever their order', () => {
    const drive: AdminModule = { plugin: 'drive', fields: { folder: PathEditor, x: MapEditor } }
    const other: AdminModule = { plugin: 'other', fields: { folder: OtherPathEditor } }
    expect(fieldEditorsOf([drive, other])).toEqual({ x: MapEditor })
    expect(fieldEditorsOf([other, drive])).toEqual({ x: MapEditor })
    expect(fieldEditorsOf([])).toEqual({})
  })

  it('collects the editors of embedded records by record type, apart from the datatypes', () => {
    const commerce: AdminModule = {
      plugin: 'commerce',
      fields: { point: MapEditor },
      embedded: { pricematrix: PathEditor, webimage: MapEditor },
    }
    const other: AdminModule = { plugin: 'gallery', embedded: { webimage: OtherPathEditor } }
    expect(embeddedEditorsOf([commerce])).toEqual({ pricematrix: PathEditor, webimage: MapEditor })
    // Two plugins drawing one embedded type: neither, as with datatypes.
    expect(embeddedEditorsOf([commerce, other])).toEqual({ pricematrix: PathEditor })
    expect(fieldEditorsOf([commerce, other])).toEqual({ point: MapEditor })
  })
})
