import { describe, expect, it } from 'vitest'
import drive from '../index.js'
import admin from './index.js'

/** True when the server answers the path with the admin app (a declared prefix or below it). */
const served = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe("the drive plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths cover every panel', () => {
    expect(admin.plugin).toBe(drive.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/drive/*', '/editor'])
    expect(panels.filter((path) => !served(path, drive.adminPaths ?? []))).toEqual([])
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
