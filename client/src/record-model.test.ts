import { describe, expect, it } from 'vitest'
import { effectiveDatatype, fieldDisplay, FIELD_DATATYPES } from './record-model.js'

describe('record model', () => {
  it('knows every datatype of the spec and treats others as text', () => {
    expect(FIELD_DATATYPES).toHaveLength(24)
    for (const datatype of FIELD_DATATYPES) expect(effectiveDatatype(datatype)).toBe(datatype)
    expect(effectiveDatatype('hologram')).toBe('text')
    expect(effectiveDatatype(undefined)).toBe('text')
  })

  it('falls back from displaycreate and displayembed to display, and from display to edit', () => {
    expect(fieldDisplay({}, 'edit')).toBe('edit')
    expect(fieldDisplay({}, 'create')).toBe('edit')
    expect(fieldDisplay({ display: 'view' }, 'create')).toBe('view')
    expect(fieldDisplay({ display: 'view', displaycreate: 'edit' }, 'create')).toBe('edit')
    expect(fieldDisplay({ display: 'hidden', displayembed: 'inherit' }, 'embed')).toBe('hidden')
    expect(fieldDisplay({ display: 'inherit', displayembed: 'view' }, 'edit')).toBe('edit')
    expect(fieldDisplay({ display: 'inherit', displayembed: 'view' }, 'embed')).toBe('view')
  })
})
