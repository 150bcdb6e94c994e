import type { AccessFlags, SecurityRecord } from '../shared/records.js'
import { ACCESS_RIGHTS } from '../shared/access.js'
import { KernelError } from './kernel-error.js'

/** One right on a security record. */
export type SecurityRight = keyof AccessFlags

/**
 * A security record a plugin gates on, declared in its definition (docs/plugins.md, "Security"):
 * its name as the admin shows it and each role's rights when the site is new. The kernel seeds it
 * when it is missing; administrators change it as a record from then on.
 */
export interface SecurityDeclaration {
  name: string
  /** The rights of each role by the role's id: `{ finance: ['view'], financemanager: 'all' }`. */
  access: Readonly<Record<string, readonly SecurityRight[] | 'all'>>
}

/** A plugin's security records by id. */
export type SecurityTable = Readonly<Record<string, SecurityDeclaration>>

const RIGHTS: readonly SecurityRight[] = ACCESS_RIGHTS
const ID = /^[a-z][a-z0-9_-]*$/

/** Stops a plugin whose security table names an invalid id, role or right. */
export function checkSecurityTable(plugin: string, table: SecurityTable): void {
  for (const [id, declaration] of Object.entries(table)) {
    const fail = (why: string) => {
      throw new KernelError('SW_PLUGIN_INVALID', `plugin ${plugin}: security record ${id} ${why}`)
    }
    if (!ID.test(id)) fail(`must match ${ID}`)
    if (typeof declaration?.name !== 'string' || declaration.name === '') fail('has no name')
    for (const [role, rights] of Object.entries(declaration.access ?? {})) {
      if (!ID.test(role)) fail(`names an invalid role ${JSON.stringify(role)}`)
      if (rights !== 'all' && !rights.every((right) => RIGHTS.includes(right)))
        fail(`gives ${role} a right that is not one of ${RIGHTS.join(', ')}`)
    }
  }
}

/** The seed records of a security table: one entry per role, with every flag. */
export function securityRecords(table: SecurityTable): SecurityRecord[] {
  return Object.entries(table).map(([id, { name, access }]) => ({
    type: 'security',
    id,
    name,
    access: Object.entries(access).map(([role, rights]) => ({
      id: role,
      role,
      ...(Object.fromEntries(
        RIGHTS.map((right) => [right, rights === 'all' || rights.includes(right)]),
      ) as Record<SecurityRight, boolean>),
    })),
  }))
}
