import type { AccessEntry, SecurityRecord } from '@shopwright/core/shared'

/** Gates the storefront's own records: routes, menus, locations, web pages. */
export const WEBSITE_SECURITY = 'website'
/** Gates the reference data every visitor reads: countries and currencies. */
export const REFERENCE_SECURITY = 'reference'

type Right = 'view' | 'edit' | 'create' | 'delete'

const FULL: Right[] = ['view', 'edit', 'create', 'delete']

/** One access entry, `{ id, role, view, edit, create, delete }`: the role is also its id. */
function entry(role: string, rights: Right[]): AccessEntry {
  return {
    id: role,
    role,
    view: rights.includes('view'),
    edit: rights.includes('edit'),
    create: rights.includes('create'),
    delete: rights.includes('delete'),
  }
}

/**
 * The two security records the record types of this plugin need that the sample company's do not
 * include (README, "The new security records"). Both let everyone (role `all`, signed in or not)
 * view, because the storefront reads these records for anonymous visitors: the routes, the header
 * menu, the contact block, the locale page.
 * - website: managers and development maintain the site; marketing and its manager write pages and
 *   menus but do not delete.
 * - reference: managers and development maintain countries and currencies.
 */
export function securityRecords(): SecurityRecord[] {
  return [
    {
      type: 'security',
      id: WEBSITE_SECURITY,
      name: 'Website',
      access: [
        entry('all', ['view']),
        entry('allmanagers', FULL),
        entry('development', FULL),
        entry('marketing', ['view', 'edit', 'create']),
        entry('marketingmanager', ['view', 'edit', 'create']),
      ],
    },
    {
      type: 'security',
      id: REFERENCE_SECURITY,
      name: 'Reference data',
      access: [entry('all', ['view']), entry('allmanagers', FULL), entry('development', FULL)],
    },
  ]
}
