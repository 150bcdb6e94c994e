import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'
import { projectDir, startServer, type RunningServer } from '../src/testing/index.js'

const running: RunningServer[] = []
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
})

const require = createRequire(import.meta.url)

/** Links an installed package into the project's node_modules, as `npm install` would. */
function link(project: string, name: string): void {
  const target = path.dirname(require.resolve(`${name}/package.json`))
  const at = path.join(project, 'node_modules', name)
  fs.mkdirSync(path.dirname(at), { recursive: true })
  fs.symlinkSync(target, at, 'dir')
}

/**
 * A second theme, written as plain JavaScript: its own shell, pages and 404, reusing the engine's
 * app and browser files of the default theme's build.
 */
const TINY_THEME = `import { createElement as h } from 'react'
export { App, clientDir, clientEntry } from '@shopwright/theme-default/server'
export const theme = {
  name: 'tiny',
  Shell: ({ site, children }) => h('div', { id: 'tiny-shell' }, h('p', null, 'Tiny theme of ' + site.name), children),
  NotFound: () => h('h1', null, 'Tiny: nothing here'),
  components: { Welcome: ({ record }) => h('h1', null, 'Tiny: ' + (record && record.headline)) },
}
`

describe('the THEME setting', () => {
  it('replaces the default theme with another package, by one setting', async () => {
    const project = projectDir({
      'shopwright.config.json': JSON.stringify({ theme: 'tiny-theme' }),
    })
    const theme = path.join(project, 'node_modules', 'tiny-theme')
    fs.mkdirSync(theme, { recursive: true })
    fs.writeFileSync(
      path.join(theme, 'package.json'),
      JSON.stringify({
        name: 'tiny-theme',
        type: 'module',
        exports: { './server': './server.js' },
      }),
    )
    fs.writeFileSync(path.join(theme, 'server.js'), TINY_THEME)
    link(project, 'react')
    link(project, '@shopwright/theme-default')

    const server = await startServer(project)
    running.push(server)
    const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('<title>Welcome | Shopwright</title>')
    expect(html).toContain('Tiny theme of Shopwright Test Company')
    expect(html).toContain('<h1>Tiny: Welcome to Shopwright Test Company</h1>')
    // A route this theme has no component for is not found, in the theme's words.
    const about = await fetch(`${server.url}/about`, { headers: { accept: 'text/html' } })
    expect(about.status).toBe(404)
    expect(await about.text()).toContain('<h1>Tiny: nothing here</h1>')
    expect(await server.stop()).toBe(0)
  })

  it('stops start-up with a clear message when the theme is not installed', async () => {
    const project = projectDir({
      'shopwright.config.json': JSON.stringify({ theme: 'no-such-theme' }),
    })
    await expect(startServer(project)).rejects.toThrow(
      /THEME names "no-such-theme", which is not installed/,
    )
  })
})
