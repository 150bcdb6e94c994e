import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PluginDefinition } from '@shopwright/core'
import { resolvePlugins } from './resolve-plugins.js'

/**
 * A project whose node_modules holds plugin packages under @t/: `slow` finishes loading after the
 * others (it waits a moment at import), `broken` throws at import, `plain` exports no definition.
 */
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-plugins-'))
const modules: Record<string, string> = {
  first: `export default { name: 'first' }`,
  slow: `await new Promise((resolve) => setTimeout(resolve, 50))\nexport default { name: 'slow' }`,
  broken: `throw new Error('broken at import')`,
  plain: `export const name = 'plain'`,
}
fs.writeFileSync(path.join(project, 'package.json'), '{"name":"project","private":true}')
for (const [name, source] of Object.entries(modules)) {
  const dir = path.join(project, 'node_modules/@t', name)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: `@t/${name}`, type: 'module', exports: './index.js' }),
  )
  fs.writeFileSync(path.join(dir, 'index.js'), source)
}
afterAll(() => fs.rmSync(project, { recursive: true, force: true }))

const names = (plugins: PluginDefinition[]): string[] => plugins.map((plugin) => plugin.name)

describe('resolvePlugins', () => {
  it("answers the list's order whichever package finishes loading first, inline ones in place", async () => {
    const inline = { name: 'inline' } as PluginDefinition
    const plugins = await resolvePlugins(['@t/slow', inline, '@t/first'], project)
    expect(names(plugins)).toEqual(['slow', 'inline', 'first'])
  })

  it("throws the first failure in the list's order, as a start that loads one after another", async () => {
    await expect(resolvePlugins(['@t/first', '@t/missing', '@t/broken'], project)).rejects.toThrow(
      'SW_PLUGIN_NOT_FOUND: plugin "@t/missing" (package @t/missing) is not installed; check PLUGINS',
    )
    await expect(resolvePlugins(['@t/broken', '@t/missing'], project)).rejects.toThrow(
      'broken at import',
    )
    await expect(resolvePlugins(['@t/slow', '@t/plain', '@t/missing'], project)).rejects.toThrow(
      'SW_PLUGIN_INVALID: package @t/plain has no default export made with definePlugin()',
    )
  })

  it('checks an inline definition in its place: a name failing before it wins', async () => {
    await expect(
      resolvePlugins(['@t/missing', { name: '' } as PluginDefinition], project),
    ).rejects.toThrow('SW_PLUGIN_NOT_FOUND')
  })
})
