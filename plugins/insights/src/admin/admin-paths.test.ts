import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
// The built package, as the server loads it: the admin's type check holds one copy of the types
// of the sessions plugin it depends on.
import insights from '@shopwright/plugin-insights'
import admin from './index.js'

describe("the insights plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(insights.name)
    expect((admin.panels ?? []).map((panel) => panel.path)).toEqual(['/insights', '/insights/live'])
    expect(adminPathsMismatch(admin, insights.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
