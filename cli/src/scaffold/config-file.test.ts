import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { addPluginToConfig, setThemeInConfig } from './config-file.js'

function configWith(text: string): string {
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'sw-config-')),
    'shopwright.config.ts',
  )
  fs.writeFileSync(file, text)
  return file
}

describe('editing shopwright.config.ts', () => {
  it('adds a plugin to a one-line list, once, keeping the rest of the file', () => {
    const file = configWith(
      "// mine\nexport default {\n  port: 4000,\n  plugins: ['records', \"account\"],\n  theme: 'x',\n}\n",
    )
    expect(addPluginToConfig(file, '@shop/plugin-reviews')).toBe(true)
    expect(addPluginToConfig(file, '@shop/plugin-reviews')).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toBe(
      "// mine\nexport default {\n  port: 4000,\n  plugins: [\n    'records',\n    'account',\n    '@shop/plugin-reviews',\n  ],\n  theme: 'x',\n}\n",
    )
  })

  it('adds to an empty list', () => {
    const file = configWith('export default {\n  plugins: [],\n}\n')
    expect(addPluginToConfig(file, 'a')).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toBe(
      "export default {\n  plugins: [\n    'a',\n  ],\n}\n",
    )
  })

  it('leaves a list it cannot read safely, or a file without one, untouched', () => {
    for (const text of [
      "export default { plugins: [...base, 'records'] }\n",
      "export default { plugins: ['records', /* later */ 'account'] }\n",
      'export default { port: 1 }\n',
    ]) {
      const file = configWith(text)
      expect(addPluginToConfig(file, 'b')).toBe(false)
      expect(fs.readFileSync(file, 'utf8')).toBe(text)
    }
  })

  it('sets the theme, or says it could not', () => {
    const file = configWith('export default {\n  theme: "@shopwright/theme-default",\n}\n')
    expect(setThemeInConfig(file, '@shop/theme-outlet')).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toBe(
      "export default {\n  theme: '@shop/theme-outlet',\n}\n",
    )
    const none = configWith('export default {}\n')
    expect(setThemeInConfig(none, 'x')).toBe(false)
  })
})
