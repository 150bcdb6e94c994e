import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest, inject } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { storefrontPlugin, type ThemeServerModule } from '../src/plugin/index.js'
import type { PageProps, Theme } from '../src/shared/contract.js'
import { testThemeModule } from './helpers.js'

// Issue 34: the renderer (React's server build, render-page.ts) and the theme load on the first
// page, not when the pages are mounted. The renderer's module records when it is first imported.
const imported = vi.hoisted(() => ({ renderer: 0 }))
vi.mock('../src/server/render-page.js', async (original) => {
  imported.renderer++
  return original()
})

const theme: Theme = {
  name: 'lazy',
  Shell: ({ children }) => <main data-theme="lazy">{children}</main>,
  NotFound: () => <h1>Nothing here</h1>,
  components: {
    Welcome: ({ record }: PageProps) => <h1>{String(record?.headline ?? 'no record')}</h1>,
  },
}

const themeModule: ThemeServerModule = testThemeModule(theme)

const sqlite = databasesUnderTest().find((database) => database.name === 'sqlite')!

describe('the storefront loads its renderer and theme on the first page', () => {
  let kernel: Kernel
  let close: () => Promise<void>
  // Given as a loader, as the THEME setting's package is: it must not run at boot.
  const loadTheme = vi.fn(() => Promise.resolve(themeModule))
  const page = (url: string) => inject(kernel, { url, headers: { accept: 'text/html' } })

  beforeAll(async () => {
    // No account plugin: no e-mails to make, so nothing asks for the theme before a page.
    ;({ kernel, close } = await bootTestKernel(
      sqlite,
      [records, translations, storefrontPlugin({ theme: loadTheme })],
      {},
      { pages: true },
    ))
    await kernel.seed(allSeeds())
  })
  afterAll(() => close())

  it('has neither imported the renderer nor loaded the theme when it boots and answers the API', async () => {
    expect((await inject(kernel, { url: '/readyz' })).statusCode).toBe(200)
    expect(imported.renderer).toBe(0)
    expect(loadTheme).not.toHaveBeenCalled()
  })

  it("loads both on the first page, which answers with the theme's HTML; later pages reuse them", async () => {
    const [first, second] = await Promise.all([page('/'), page('/')])
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('<main data-theme="lazy"><h1>Welcome to')
    }
    const third = await page('/no-such-page')
    expect(third.statusCode).toBe(404)
    expect(third.body).toContain('<h1>Nothing here</h1>')
    expect(imported.renderer).toBe(1)
    expect(loadTheme).toHaveBeenCalledTimes(1)
  })
})

describe('a theme that may have e-mails, in a kernel that sends some', () => {
  it('is loaded when the pages are mounted, so its e-mails are in place before the first page', async () => {
    const loadTheme = vi.fn(() => Promise.resolve(themeModule))
    const { kernel, close } = await bootTestKernel(
      sqlite,
      [records, account, translations, storefrontPlugin({ theme: loadTheme })],
      {},
      { pages: true },
    )
    try {
      expect(kernel.plugins.map((plugin) => plugin.name)).toContain('account')
      expect(loadTheme).toHaveBeenCalledTimes(1)
    } finally {
      await close()
    }
  })
})
