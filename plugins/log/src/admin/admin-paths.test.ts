import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import log from '../index.js'
import admin from './index.js'

describe("the log plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(log.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/log'])
    expect(adminPathsMismatch(admin, log.adminPaths)).toEqual({ undeclared: [], withoutPanel: [] })
  })
})
