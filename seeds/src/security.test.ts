import { describe, expect, it } from 'vitest'
import { sampleCompany } from './company.js'

type Right = 'view' | 'edit' | 'create' | 'delete'
const FULL: Right[] = ['view', 'edit', 'create', 'delete']

/**
 * Spec 000 section 6, "Security records as configured", row by row: security id -> role -> rights.
 * A role listed with no rights is an explicit entry with every flag false.
 */
const SPEC_TABLE: Record<string, Record<string, Right[]>> = {
  // view only for allmanagers, development, marketing, office, projects, purchasing, support, finance, payroll
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
  // allmanagers view and edit; developmentmanager full; development view and edit
  configuration: {
    allmanagers: ['view', 'edit'],
    developmentmanager: FULL,
    development: ['view', 'edit'],
  },
  // all view; development and developmentmanager edit and create; developmentmanager also delete;
  // marketing and marketingmanager edit
  translation: {
    all: ['view'],
    development: ['edit', 'create'],
    developmentmanager: ['edit', 'create', 'delete'],
    marketing: ['edit'],
    marketingmanager: ['edit'],
  },
  // drive, sessions: allmanagers full
  drive: { allmanagers: FULL },
  sessions: { allmanagers: FULL },
  // developmentmanager full only
  memory: { developmentmanager: FULL },
  // development view; developmentmanager view, edit and create
  security: { development: ['view'], developmentmanager: ['view', 'edit', 'create'] },
  // allmanagers view; development and marketing explicitly not allowed to view
  insights: { allmanagers: ['view'], development: [], marketing: [] },
  // financemanager full; finance view
  billing: { financemanager: FULL, finance: ['view'] },
  // allmanagers view and delete; development view
  log: { allmanagers: ['view', 'delete'], development: ['view'] },
  // allmanagers and development full
  bin: { allmanagers: FULL, development: FULL },
  // role account full
  account: { account: FULL },
}

const securityRecords = sampleCompany().filter((record) => record.type === 'security')

describe('security records (spec 000 section 6)', () => {
  it('has exactly the records of the spec table', () => {
    expect(securityRecords.map((record) => record.id).sort()).toEqual(
      Object.keys(SPEC_TABLE).sort(),
    )
  })

  it.each(Object.entries(SPEC_TABLE))('%s grants exactly the rights of its row', (id, row) => {
    const record = securityRecords.find((candidate) => candidate.id === id)
    const expected = Object.entries(row).map(([role, rights]) => ({
      id: role,
      role,
      view: rights.includes('view'),
      edit: rights.includes('edit'),
      create: rights.includes('create'),
      delete: rights.includes('delete'),
    }))
    expect(record?.access).toEqual(expected)
    expect(typeof record?.name).toBe('string')
  })

  it('has a role record for every role the security records name, and every role the spec names', () => {
    const roles = new Set(
      sampleCompany()
        .filter((record) => record.type === 'role')
        .map((record) => record.id),
    )
    const specRoles =
      'allmanagers, development, developmentmanager, marketing, marketingmanager, office, projects, purchasing, support, finance, financemanager, payroll, account, all, administrator'.split(
        ', ',
      )
    expect([...roles].sort()).toEqual([...specRoles].sort())
    for (const row of Object.values(SPEC_TABLE)) {
      for (const role of Object.keys(row)) expect(roles).toContain(role)
    }
  })
})
