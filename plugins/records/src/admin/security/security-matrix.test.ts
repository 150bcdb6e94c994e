import { describe, expect, it } from 'vitest'
import { holders, holds, withRight, entriesOf } from './security-matrix.js'

const access = [
  { id: 'all', role: 'all', view: true, edit: false },
  { id: 'marketing', role: 'marketing', view: true, edit: true, create: true, delete: false },
  { id: 'marketing-2', role: 'marketing', publish: true },
  'not an entry',
  { id: 'broken' },
]

describe('the permissions matrix', () => {
  it('reads what a role holds over all its entries', () => {
    expect(holds(access, 'marketing', 'edit')).toBe(true)
    expect(holds(access, 'marketing', 'publish')).toBe(true)
    expect(holds(access, 'marketing', 'delete')).toBe(false)
    expect(holds(access, 'office', 'view')).toBe(false)
    expect(holds('not a list', 'all', 'view')).toBe(false)
    expect(entriesOf(access).map((entry) => entry.role)).toEqual(['all', 'marketing', 'marketing'])
  })

  it('changes every entry of a role, and adds one for a role that had none', () => {
    const taken = withRight(access, 'marketing', 'publish', false)
    expect(holds(taken, 'marketing', 'publish')).toBe(false)
    expect(holds(taken, 'marketing', 'edit')).toBe(true)
    const added = withRight(access, 'office', 'view', true)
    expect(added.at(-1)).toEqual({
      id: 'office',
      role: 'office',
      view: true,
      edit: false,
      create: false,
      delete: false,
      publish: false,
    })
    // Taking a right from a role without an entry changes nothing.
    expect(withRight(access, 'office', 'view', false)).toEqual(entriesOf(access))
  })

  it('names the roles that hold a right, once each', () => {
    expect(holders(access, 'view')).toEqual(['all', 'marketing'])
    expect(holders(access, 'publish')).toEqual(['marketing'])
    expect(holders([], 'view')).toEqual([])
  })
})
