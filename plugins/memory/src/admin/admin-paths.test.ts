import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import memory from '../index.js'
import admin from './index.js'

describe("the memory plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(memory.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels.length).toBeGreaterThan(0)
    expect(adminPathsMismatch(admin, memory.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
