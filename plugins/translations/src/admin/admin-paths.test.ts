import { describe, expect, it } from 'vitest'
import records from '@shopwright/plugin-records'
import translations from '../index.js'
import admin from './index.js'

/** True when the server answers the path with the admin app (admin-ui/src/server/admin-paths.ts). */
const served = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe("the translations plugin's admin paths", () => {
  it('cover every panel, with those of records, which always runs beside it', () => {
    expect(translations.dependsOn).toContain(records.name)
    const prefixes = [...(translations.adminPaths ?? []), ...(records.adminPaths ?? [])]
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels.length).toBeGreaterThan(0)
    expect(panels.filter((path) => !served(path, prefixes))).toEqual([])
  })
})
