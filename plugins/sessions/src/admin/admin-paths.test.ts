import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
// The built package, as the server loads it (and as the insights admin test sees it: the admin's
// type check holds one copy of the plugin's types).
import sessions from '@shopwright/plugin-sessions'
import admin from './index.js'

describe("the sessions plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(sessions.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/sessions', '/session/:id'])
    expect(adminPathsMismatch(admin, sessions.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
