import type { AccessEntry, AccessFlags } from './records.js'

/** The role that holds every right everywhere (docs/architecture.md, "Access control"). */
export const ADMINISTRATOR_ROLE = 'administrator'

/** The role every caller holds, signed in or not: access entries for `all` apply to everyone. */
export const EVERYONE_ROLE = 'all'

/**
 * The security record that gates the admin (docs/admin.md, "Getting in"): view on it is what "may
 * open the admin" means wherever the product asks (the storefront's Admin link, where a sign-in
 * lands). Each screen still has its own security record, and every call its own check.
 */
export const ADMIN_GATE = 'admin'

/** Where staff land after signing in with no `next` (the dashboard), and where the storefront's Admin link leads. */
export const ADMIN_HOME = '/admin'

/** The signed-in entity as far as access control needs it. */
export interface AccessSubject {
  roles?: readonly string[] | null
}

/** Every right a security record's entry can grant, in the order screens show them. */
export const ACCESS_RIGHTS = [
  'view',
  'edit',
  'create',
  'delete',
  'publish',
] as const satisfies ReadonlyArray<keyof AccessFlags>

export const FULL_ACCESS: Readonly<AccessFlags> = Object.freeze({
  view: true,
  edit: true,
  create: true,
  delete: true,
  publish: true,
})
export const NO_ACCESS: Readonly<AccessFlags> = Object.freeze({
  view: false,
  edit: false,
  create: false,
  delete: false,
  publish: false,
})

/** The roles a caller acts with: its own plus `all`. */
export function rolesOf(subject: AccessSubject | null | undefined): string[] {
  const roles = subject?.roles ?? []
  return roles.includes(EVERYONE_ROLE) ? [...roles] : [...roles, EVERYONE_ROLE]
}

/**
 * The caller's flags on one security record (docs/architecture.md, "Access control"):
 * - `undefined` security (no reference) means full access;
 * - `null` security (the reference names a record that does not exist) means no access;
 * - the administrator role has everything;
 * - otherwise the flags of the entries for the caller's roles, merged: a flag is granted when any of
 *   the caller's roles grants it, so an entry with `view: false` documents a refusal but cannot take
 *   away what another of the caller's roles grants.
 */
export function accessFor(
  subject: AccessSubject | null | undefined,
  security: { access?: readonly AccessEntry[] | null } | null | undefined,
): AccessFlags {
  if (security === undefined) return { ...FULL_ACCESS }
  const roles = rolesOf(subject)
  if (roles.includes(ADMINISTRATOR_ROLE)) return { ...FULL_ACCESS }
  if (security === null) return { ...NO_ACCESS }
  const flags = { ...NO_ACCESS }
  for (const entry of security.access ?? []) {
    if (!roles.includes(entry.role)) continue
    for (const right of ACCESS_RIGHTS) flags[right] ||= entry[right] === true
  }
  return flags
}
