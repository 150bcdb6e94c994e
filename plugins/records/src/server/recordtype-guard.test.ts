import { describe, expect, it } from 'vitest'
import { AppError, type Entity, type RecordData } from '@shopwright/core'
import { RecordTypeGuard } from './recordtype-guard.js'
import type { RecordChange } from './record-guards.js'

const withRecords = new Set(['customer'])
const guard = new RecordTypeGuard({ hasRecordsOf: async (type) => withRecords.has(type) })
const developer: Entity = { type: 'employee', id: 'd', roles: ['developmentmanager'] }
const administrator: Entity = { type: 'employee', id: 'a', roles: ['administrator'] }

const customer: RecordData = {
  type: 'recordtype',
  id: 'customer',
  name: 'Customer',
  security: 'people',
  fields: [{ id: 'email', name: 'E-mail', datatype: 'email' }],
}

async function refusal(change: RecordChange, actor: Entity): Promise<string | undefined> {
  try {
    await guard.check(change, actor)
    return undefined
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

const update = (changes: Partial<RecordData>): RecordChange => ({
  kind: 'updated',
  record: { ...customer, ...changes },
  previous: customer,
})

describe('RecordTypeGuard', () => {
  it('lets a developer change names and fields, but not what gates the type', async () => {
    expect(await refusal(update({ name: 'Shopper' }), developer)).toBeUndefined()
    expect(await refusal(update({ security: 'translation' }), developer)).toBe(
      'ERROR_ACCESS_DENIED',
    )
    expect(await refusal(update({ security: undefined }), developer)).toBe('ERROR_ACCESS_DENIED')
    expect(
      await refusal(
        update({ extends: { reference: true, type: 'recordtype', id: 'x' } }),
        developer,
      ),
    ).toBe('ERROR_ACCESS_DENIED')
    expect(await refusal(update({ security: 'translation' }), administrator)).toBeUndefined()
  })

  it('keeps a type with records from being renamed or defined again by anyone but an administrator', async () => {
    const renamed: RecordChange = {
      kind: 'renamed',
      record: { ...customer, id: 'shopper' },
      previous: customer,
    }
    expect(await refusal(renamed, developer)).toBe('ERROR_ACCESS_DENIED')
    expect(await refusal(renamed, administrator)).toBeUndefined()
    const again: RecordChange = { kind: 'created', record: customer, previous: null }
    expect(await refusal(again, developer)).toBe('ERROR_ACCESS_DENIED')
    const fresh: RecordChange = {
      kind: 'created',
      record: { ...customer, id: 'gizmo' },
      previous: null,
    }
    expect(await refusal(fresh, developer)).toBeUndefined()
  })

  it('refuses broken field definitions, whoever writes them', async () => {
    for (const fields of [
      'email',
      [{ name: 'No id', datatype: 'text' }],
      [{ id: 'type', datatype: 'text' }],
      [
        { id: 'a', datatype: 'text' },
        { id: 'a', datatype: 'text' },
      ],
      [{ id: 'b' }],
    ])
      expect(await refusal(update({ fields }), administrator), JSON.stringify(fields)).toBe(
        'ERROR_INVALID_INPUT',
      )
  })

  it("takes a titlefield that names one of the type's fields, and refuses one that names none", async () => {
    expect(await refusal(update({ titlefield: 'email' }), developer)).toBeUndefined()
    expect(await refusal(update({ titlefield: null }), developer)).toBeUndefined()
    for (const titlefield of ['displayname', 'id', 'type', 7, ''])
      expect(await refusal(update({ titlefield }), developer), String(titlefield)).toBe(
        'ERROR_INVALID_INPUT',
      )
  })
})
