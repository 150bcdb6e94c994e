import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import example from '../index.js'
import admin from './index.js'

describe("the example plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(example.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels.length).toBeGreaterThan(0)
    expect(adminPathsMismatch(admin, example.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
