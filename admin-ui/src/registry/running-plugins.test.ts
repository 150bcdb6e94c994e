import { describe, expect, it } from 'vitest'
import type { AdminModule } from './index.js'
import { parseRunningPlugins, runningModules } from './running-plugins.js'

const modules: AdminModule[] = [
  { plugin: 'account', panels: [] },
  { plugin: 'records', panels: [] },
  { plugin: 'translations', panels: [] },
]

describe('the running plugins', () => {
  it('reads the names the page lists', () => {
    expect(parseRunningPlugins('records, account,,translations')).toEqual([
      'records',
      'account',
      'translations',
    ])
    expect(parseRunningPlugins('')).toEqual([])
  })

  it('keeps the modules of running plugins only, in the build order', () => {
    expect(runningModules(modules, ['translations', 'records']).map((m) => m.plugin)).toEqual([
      'records',
      'translations',
    ])
    expect(runningModules(modules, [])).toEqual([])
  })

  it('keeps every module when the page names no plugins', () => {
    expect(runningModules(modules, null)).toEqual(modules)
  })
})
