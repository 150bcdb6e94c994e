import { describe, expect, it } from 'vitest'
import memory from '../index.js'
import admin from './index.js'

/** True when the server answers the path with the admin app (a declared prefix or below it). */
const served = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe("the memory plugin's admin module", () => {
  it('belongs to the plugin, and its adminPaths cover every panel', () => {
    expect(admin.plugin).toBe(memory.name)
    const panels = (admin.panels ?? []).map((panel) => panel.path)
    expect(panels.length).toBeGreaterThan(0)
    expect(panels.filter((path) => !served(path, memory.adminPaths ?? []))).toEqual([])
  })
})
