import { describe, expect, it } from 'vitest'
import { AppError, SYSTEM_ACTOR, type Entity, type RecordData } from '@shopwright/core'
import type { RecordChange } from '@shopwright/plugin-records'
import { checkAccountChange } from './account-rules.js'

const support: Entity = { type: 'employee', id: 's', roles: ['support'] }
const manager: Entity = { type: 'employee', id: 'm', roles: ['allmanagers', 'support'] }
const administrator: Entity = { type: 'employee', id: 'a', roles: ['administrator'] }

const shopper: RecordData = { type: 'customer', id: 'c', email: 'c@example.com', roles: [] }
const boss: RecordData = {
  type: 'employee',
  id: 'b',
  email: 'b@example.com',
  roles: ['allmanagers'],
}

function refused(change: RecordChange, actor: Entity): string | undefined {
  try {
    checkAccountChange(change, actor)
    return undefined
  } catch (error) {
    if (error instanceof AppError) return error.reason
    throw error
  }
}

const update = (previous: RecordData, changes: Partial<RecordData>): RecordChange => ({
  kind: 'updated',
  record: { ...previous, ...changes },
  previous,
})

describe('checkAccountChange', () => {
  it('lets staff edit an account holding no role they lack', () => {
    expect(refused(update(shopper, { name: 'Shopper' }), support)).toBeUndefined()
    expect(refused(update(boss, { name: 'Boss' }), manager)).toBeUndefined()
  })

  it('keeps roles with the administrator: granting, taking away, even duplicating', () => {
    expect(refused(update(shopper, { roles: ['support'] }), support)).toMatch(/roles/)
    expect(refused(update(boss, { roles: [] }), manager)).toMatch(/roles/)
    expect(refused(update(boss, { roles: ['allmanagers', 'allmanagers'] }), manager)).toMatch(
      /roles/,
    )
    const created: RecordChange = {
      kind: 'created',
      record: { ...shopper, roles: ['support'] },
      previous: null,
    }
    expect(refused(created, support)).toMatch(/grant roles/)
    expect(refused(update(shopper, { roles: ['support'] }), administrator)).toBeUndefined()
    expect(refused(created, SYSTEM_ACTOR)).toBeUndefined()
  })

  it('keeps e-mails with the administrator, the caller’s own included', () => {
    expect(refused(update(shopper, { email: 'mine@example.com' }), support)).toMatch(/e-mail/)
    const self: RecordData = { ...support, email: 's@example.com' }
    expect(refused(update(self, { email: 'new@example.com' }), support)).toMatch(/e-mail/)
    expect(refused(update(shopper, { email: 'new@example.com' }), administrator)).toBeUndefined()
  })

  it('keeps staff off accounts that hold a role they do not hold, whatever the operation', () => {
    for (const kind of ['binned', 'restored', 'removed'] as const)
      expect(refused({ kind, record: boss, previous: boss }, support)).toMatch(/allmanagers/)
    expect(refused(update(boss, { resetrequired: true }), support)).toMatch(/allmanagers/)
    expect(
      refused({ kind: 'renamed', record: { ...boss, id: 'b2' }, previous: boss }, support),
    ).toMatch(/allmanagers/)
  })
})
