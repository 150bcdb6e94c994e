import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import billing from '../index.js'
import admin from './index.js'

describe("the billing plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(billing.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/billing'])
    expect(adminPathsMismatch(admin, billing.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
    expect(admin.panels?.[0]?.menu).toMatchObject({
      label: 'Billing',
      icon: 'currency-usd',
      order: 120,
    })
  })
})
