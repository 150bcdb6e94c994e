/**
 * The sample company's security records as test data, for every suite that checks rights (the
 * seeds, the access service, the HTTP permission matrix): written out by hand, never computed by
 * the code under test.
 */
export type SpecRight = 'view' | 'edit' | 'create' | 'delete' | 'publish'
/** The rights as flags, the shape of core's `AccessFlags`. */
export type SpecFlags = Readonly<Record<SpecRight, boolean>>
/**
 * What the spec calls "full": its four rights and `publish`, which the product added for drafts
 * (docs/history.md, "Who may publish"); the sample company's full entries hold it.
 */
export const FULL_RIGHTS: readonly SpecRight[] = ['view', 'edit', 'create', 'delete', 'publish']

/**
 * The security records as configured, written out by hand (not from the seeds or the access
 * code): security id -> role -> rights. A role listed with no rights is an "explicitly not
 * allowed" entry (docs/architecture.md, "Access control").
 */
export const SPEC_SECURITY_TABLE: Readonly<
  Record<string, Readonly<Record<string, readonly SpecRight[]>>>
> = {
  // "view only for allmanagers, development, marketing, office, projects, purchasing, support,
  // finance, payroll"
  admin: {
    allmanagers: ['view'],
    development: ['view'],
    marketing: ['view'],
    office: ['view'],
    projects: ['view'],
    purchasing: ['view'],
    support: ['view'],
    finance: ['view'],
    payroll: ['view'],
  },
  // "allmanagers view and edit; developmentmanager full; development view and edit"
  configuration: {
    allmanagers: ['view', 'edit'],
    developmentmanager: FULL_RIGHTS,
    development: ['view', 'edit'],
  },
  // "all view; development and developmentmanager edit and create; developmentmanager also delete;
  // marketing and marketingmanager edit"
  translation: {
    all: ['view'],
    development: ['edit', 'create'],
    developmentmanager: ['edit', 'create', 'delete'],
    marketing: ['edit'],
    marketingmanager: ['edit'],
  },
  // "drive, sessions: allmanagers full"
  drive: { allmanagers: FULL_RIGHTS },
  sessions: { allmanagers: FULL_RIGHTS },
  // "developmentmanager full only"
  memory: { developmentmanager: FULL_RIGHTS },
  // "development view; developmentmanager view, edit and create"
  security: { development: ['view'], developmentmanager: ['view', 'edit', 'create'] },
  // "allmanagers view; development and marketing explicitly not allowed to view"
  insights: { allmanagers: ['view'], development: [], marketing: [] },
  // "financemanager full; finance view"
  billing: { financemanager: FULL_RIGHTS, finance: ['view'] },
  // "allmanagers view and delete; development view"
  log: { allmanagers: ['view', 'delete'], development: ['view'] },
  // "allmanagers and development full"
  bin: { allmanagers: FULL_RIGHTS, development: FULL_RIGHTS },
  // "role account full"
  account: { account: FULL_RIGHTS },
}

/** Every role the sample company's records name, `all` and `administrator` included. */
export const SPEC_ROLES = [
  'allmanagers',
  'development',
  'developmentmanager',
  'marketing',
  'marketingmanager',
  'office',
  'projects',
  'purchasing',
  'support',
  'finance',
  'financemanager',
  'payroll',
  'account',
  'all',
  'administrator',
]

/**
 * What the spec grants a caller on a security record: the administrator everything; otherwise the
 * rights of the entries for the caller's roles merged, where every caller (anonymous ones too)
 * holds `all`. A role without an entry, or with an empty one, adds nothing.
 */
export function specRights(securityId: string, roles: readonly string[] | null): Set<SpecRight> {
  if (roles?.includes('administrator')) return new Set(FULL_RIGHTS)
  const row = SPEC_SECURITY_TABLE[securityId]!
  const rights = new Set<SpecRight>(row.all ?? [])
  for (const role of roles ?? []) for (const right of row[role] ?? []) rights.add(right)
  return rights
}

/** specRights as the access service's flags. */
export function flagsOf(rights: ReadonlySet<SpecRight>): SpecFlags {
  return {
    view: rights.has('view'),
    edit: rights.has('edit'),
    create: rights.has('create'),
    delete: rights.has('delete'),
    publish: rights.has('publish'),
  }
}

/** What the spec grants a caller on a security record, as flags. */
export function specFlags(securityId: string, roles: readonly string[] | null): SpecFlags {
  return flagsOf(specRights(securityId, roles))
}
