import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mayExportMailTemplates, resolveTheme } from './load-theme.js'

/** A theme server entry with `text`, in a fresh folder; answers its path. */
function entry(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sw-theme-entry-')), 'server.js')
  fs.writeFileSync(file, text)
  return file
}

describe('resolveTheme', () => {
  it("finds the default theme's server entry without loading it", () => {
    expect(resolveTheme('@shopwright/theme-default')).toMatch(/server-entry\.js$/)
  })

  it('stops with the setting named when the theme is not installed', () => {
    expect(() => resolveTheme('no-such-theme', os.tmpdir())).toThrow(
      /THEME names "no-such-theme", which is not installed/,
    )
  })
})

describe('mayExportMailTemplates', () => {
  it('is false for an entry that never names them and re-exports nothing wholesale', () => {
    expect(mayExportMailTemplates(entry("export { App, theme } from './theme.js'\n"))).toBe(false)
    // The default theme has no e-mails of its own: its pages may load on the first page.
    expect(mayExportMailTemplates(resolveTheme('@shopwright/theme-default'))).toBe(false)
  })

  it('is true when it names them, re-exports another module whole or requires one', () => {
    expect(mayExportMailTemplates(entry('export const mailTemplates = {}\n'))).toBe(true)
    expect(mayExportMailTemplates(entry("export * from './mail.js'\n"))).toBe(true)
    expect(mayExportMailTemplates(entry("module.exports = require('./theme.cjs')\n"))).toBe(true)
  })

  it('is true when the entry cannot be read: loading early is only slower', () => {
    expect(mayExportMailTemplates(path.join(os.tmpdir(), 'no-such-dir', 'server.js'))).toBe(true)
  })
})
