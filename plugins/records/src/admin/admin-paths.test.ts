import { describe, expect, it } from 'vitest'
// The built package, as the server loads it (and as the other admin modules' tests see it: the
// admin's type check holds one copy of the plugin's types).
import records from '@shopwright/plugin-records'
import admin from './index.js'

/** True when the server answers the path with the admin app (admin-ui/src/server/admin-paths.ts). */
const served = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe("the records plugin's admin paths", () => {
  it('cover every panel, so the server answers each with the app', () => {
    const prefixes = records.adminPaths ?? []
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels.length).toBeGreaterThan(0)
    expect(panels.filter((path) => !served(path, prefixes))).toEqual([])
  })
})
