import { describe, expect, it } from 'vitest'
import { SPEC_SECURITY_TABLE } from '@shopwright/testkit'
import { sampleCompany } from './company.js'

const securityRecords = sampleCompany().filter((record) => record.type === 'security')

describe('security records', () => {
  it('has exactly the records of the spec table', () => {
    expect(securityRecords.map((record) => record.id).sort()).toEqual(
      Object.keys(SPEC_SECURITY_TABLE).sort(),
    )
  })

  it.each(Object.entries(SPEC_SECURITY_TABLE))(
    '%s grants exactly the rights of its row',
    (id, row) => {
      const record = securityRecords.find((candidate) => candidate.id === id)
      const expected = Object.entries(row).map(([role, rights]) => ({
        id: role,
        role,
        view: rights.includes('view'),
        edit: rights.includes('edit'),
        create: rights.includes('create'),
        delete: rights.includes('delete'),
        publish: rights.includes('publish'),
      }))
      expect(record?.access).toEqual(expected)
      expect(typeof record?.name).toBe('string')
    },
  )

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
    for (const row of Object.values(SPEC_SECURITY_TABLE)) {
      for (const role of Object.keys(row)) expect(roles).toContain(role)
    }
  })
})
