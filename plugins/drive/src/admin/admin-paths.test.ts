import { describe, expect, it } from 'vitest'
import { adminPathsMismatch } from '@shopwright/admin-ui/registry'
import drive from '../index.js'
import admin from './index.js'

describe("the drive plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths are exactly its panels', () => {
    expect(admin.plugin).toBe(drive.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/drive/*', '/editor'])
    expect(adminPathsMismatch(admin, drive.adminPaths)).toEqual({
      undeclared: [],
      withoutPanel: [],
    })
  })

  it('gives the record form an editor for each of the four path datatypes', () => {
    expect(Object.keys(admin.fields ?? {}).sort()).toEqual([
      'folder',
      'personalfolder',
      'privatefolder',
      'publicfolder',
    ])
  })
})
