import { describe, expect, it } from 'vitest'
import billing from '../index.js'
import admin from './index.js'

/** True when the server answers the path with the admin app (a declared prefix or below it). */
const served = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe("the billing plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths cover every panel', () => {
    expect(admin.plugin).toBe(billing.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels).toEqual(['/billing'])
    expect(panels.filter((path) => !served(path, billing.adminPaths ?? []))).toEqual([])
    expect(admin.panels?.[0]?.menu).toEqual({ label: 'Billing', icon: 'currency-usd', order: 120 })
  })
})
