import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import translations from '../index.js'
import admin from './index.js'

describe("the translations plugin's admin paths", () => {
  it('are exactly its panels, so the server answers each with the app and others with a 404', () => {
    expect(admin.plugin).toBe(translations.name)
    expect(admin.panels?.length).toBeGreaterThan(0)
    expect(adminPathsMismatch(admin, translations.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })
})
