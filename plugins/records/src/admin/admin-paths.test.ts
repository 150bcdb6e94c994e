import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
// The built package, as the server loads it (and as the other admin modules' tests see it: the
// admin's type check holds one copy of the plugin's types).
import records from '@shopwright/plugin-records'
import admin from './index.js'

describe("the records plugin's admin paths", () => {
  it('are exactly its panels, so the server answers each with the app and others with a 404', () => {
    expect(admin.plugin).toBe(records.name)
    expect(admin.panels?.length).toBeGreaterThan(0)
    expect(adminPathsMismatch(admin, records.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
