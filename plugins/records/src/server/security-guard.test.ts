import { describe, expect, it } from 'vitest'
import {
  AppError,
  accessFor,
  type Entity,
  type RecordData,
  type SecurityRecord,
} from '@shopwright/core'
import { SecurityGuard } from './security-guard.js'
import type { RecordChange } from './record-guards.js'

const entry = (
  role: string,
  flags: Partial<Record<'view' | 'edit' | 'create' | 'delete', boolean>>,
) => ({
  id: role,
  role,
  view: false,
  edit: false,
  create: false,
  delete: false,
  ...flags,
})

/** The stored security records the guard's access check reads. */
const stored: Record<string, RecordData> = {
  security: {
    type: 'security',
    id: 'security',
    name: 'Security',
    access: [entry('developmentmanager', { view: true, edit: true, create: true })],
  },
  drive: {
    type: 'security',
    id: 'drive',
    name: 'Drive',
    access: [entry('allmanagers', { view: true, edit: true, create: true, delete: true })],
  },
}

const guard = new SecurityGuard({
  flags: async (subject, id) =>
    accessFor(subject, id ? ((stored[id] as SecurityRecord | undefined) ?? null) : undefined),
})
const manager: Entity = { type: 'employee', id: 'm', roles: ['developmentmanager'] }
const administrator: Entity = { type: 'employee', id: 'a', roles: ['administrator'] }

function updated(id: string, access: unknown[]): RecordChange {
  return { kind: 'updated', record: { ...stored[id]!, access }, previous: stored[id]! }
}

async function refusal(run: () => Promise<unknown>): Promise<AppError | undefined> {
  try {
    await run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  return undefined
}

describe('SecurityGuard', () => {
  it('lets a role grant others rights it holds on the same record', async () => {
    const access = [...(stored.security!.access as unknown[]), entry('projects', { view: true })]
    expect(await refusal(() => guard.check(updated('security', access), manager))).toBeUndefined()
  })

  it('refuses granting a right the caller lacks there, even to itself', async () => {
    const access = [
      entry('developmentmanager', { view: true, edit: true, create: true, delete: true }),
    ]
    const error = await refusal(() => guard.check(updated('security', access), manager))
    expect(error?.code).toBe('ERROR_ACCESS_DENIED')
    expect(error?.reason).toContain('developmentmanager: delete')
  })

  it('refuses any change of rights on a record where the caller holds none', async () => {
    const added = [
      ...(stored.drive!.access as unknown[]),
      entry('developmentmanager', { view: true }),
    ]
    expect((await refusal(() => guard.check(updated('drive', added), manager)))?.code).toBe(
      'ERROR_ACCESS_DENIED',
    )
    // Taking rights away is a change of who may do what, too.
    expect((await refusal(() => guard.check(updated('drive', []), manager)))?.code).toBe(
      'ERROR_ACCESS_DENIED',
    )
  })

  it('treats a new record as one where the caller holds nothing', async () => {
    const created: RecordChange = {
      kind: 'created',
      record: {
        type: 'security',
        id: 'fresh',
        name: 'Fresh',
        access: [entry('office', { view: true })],
      },
      previous: null,
    }
    expect((await refusal(() => guard.check(created, manager)))?.code).toBe('ERROR_ACCESS_DENIED')
    const empty: RecordChange = { ...created, record: { ...created.record, access: [] } }
    expect(await refusal(() => guard.check(empty, manager))).toBeUndefined()
  })

  it('lets the name change, and lets only an administrator rename or change anything', async () => {
    const renamedName: RecordChange = {
      kind: 'updated',
      record: { ...stored.drive!, name: 'Files' },
      previous: stored.drive!,
    }
    expect(await refusal(() => guard.check(renamedName, manager))).toBeUndefined()
    const renamed: RecordChange = {
      kind: 'renamed',
      record: { ...stored.security!, id: 'security2' },
      previous: stored.security!,
    }
    expect((await refusal(() => guard.check(renamed, manager)))?.code).toBe('ERROR_ACCESS_DENIED')
    expect(await refusal(() => guard.check(renamed, administrator))).toBeUndefined()
    expect(await refusal(() => guard.check(updated('drive', []), administrator))).toBeUndefined()
  })

  it('refuses malformed access lists, whoever writes them', async () => {
    for (const access of ['all', [null], [{ role: '../x' }], [{ role: 'office', view: 'yes' }]]) {
      const error = await refusal(() =>
        guard.check(updated('drive', access as unknown[]), administrator),
      )
      expect(error?.code, JSON.stringify(access)).toBe('ERROR_INVALID_INPUT')
    }
  })
})
