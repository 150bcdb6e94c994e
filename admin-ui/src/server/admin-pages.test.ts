import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, definePlugin, type Kernel, type PluginDefinition } from '@shopwright/core'
import { inject, testConfig } from '@shopwright/core/testing'
import { pageInLanguage, pageWithPlugins } from './admin-page.js'
import { adminAddresses } from './admin-paths.js'
import { adminPlugin } from './admin-plugin.js'

let kernel: Kernel | undefined
afterEach(async () => {
  await kernel?.close()
  kernel = undefined
})

function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-admin-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Admin</title></head><body><div id="root"></div></body></html>',
  )
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js.br'),
    brotliCompressSync(Buffer.from('console.log(1)')),
  )
  fs.writeFileSync(path.join(dir, '.secret'), 'hidden')
  return dir
}

/** Two plugins with admin screens, as a site's config file may list them. */
const shop = definePlugin({
  name: 'shop',
  bootstrap({ optional }) {
    optional('admin')?.addPaths('shop', [
      '/data',
      '/data/:recordtype',
      '/data/:recordtype/:id',
      '/configuration',
      '/bin',
    ])
  },
})
const greetings = definePlugin({
  name: 'greetings',
  bootstrap({ optional }) {
    optional('admin')?.addPaths('greetings', ['/greetings/*'])
  },
})

async function boot(
  clientDir: string,
  plugins: readonly PluginDefinition[] = [shop, greetings],
  login?: () => Promise<boolean>,
) {
  kernel = await createKernel({
    config: testConfig(),
    plugins: [...plugins, adminPlugin({ clientDir, ...(login ? { login } : {}) })],
  })
  return kernel
}

describe('adminPages', () => {
  it('answers the addresses the plugins declare with the app page, never cached, with the HTML protections', async () => {
    const app = await boot(builtApp())
    for (const url of [
      '/data',
      '/data/customer/7',
      '/data/customer/7/',
      '/configuration',
      '/bin',
      '/greetings',
      '/greetings/hello/edit',
      '/login',
      '/admin',
    ]) {
      const reply = await inject(app, { url, headers: { accept: 'text/html' } })
      expect(reply.statusCode, url).toBe(200)
      expect(reply.headers['content-type']).toMatch(/^text\/html/)
      expect(reply.headers['cache-control']).toBe('no-cache')
      expect(reply.headers['content-security-policy']).toContain("script-src 'self'")
      expect(reply.body).toContain('id="root"')
    }
  })

  it('asks whether to serve /login on the first request for it, once, and never at boot', async () => {
    for (const serves of [true, false]) {
      let asked = 0
      const app = await boot(builtApp(), [shop, greetings], async () => {
        asked++
        return serves
      })
      expect((await inject(app, { url: '/data' })).statusCode).toBe(200)
      expect(asked).toBe(0)
      const [first, second] = await Promise.all([
        inject(app, { url: '/login' }),
        inject(app, { url: '/login' }),
      ])
      // Not served: the address goes on to the rest of the site (here, nothing answers it).
      for (const reply of [first, second, await inject(app, { url: '/login' })]) {
        expect(reply.statusCode, String(serves)).toBe(serves ? 200 : 404)
        expect(reply.body.includes('id="root"'), String(serves)).toBe(serves)
      }
      expect(asked).toBe(1)
      await kernel?.close()
      kernel = undefined
    }
  })

  it('serves the hashed files for a year, and nothing outside the build', async () => {
    const app = await boot(builtApp())
    const asset = await inject(app, { url: '/admin/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('max-age=31536000,immutable')
    // The build's precompressed copy goes to a browser that takes Brotli.
    const compressed = await inject(app, {
      url: '/admin/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)')
    for (const url of [
      '/admin/../package.json',
      '/admin/%2e%2e/%2e%2e/package.json',
      '/admin/.secret',
      '/admin/assets/missing.js',
      '/admin/',
    ]) {
      const reply = await inject(app, { url })
      expect(reply.statusCode, url).toBe(404)
    }
  })

  it('answers 404 with the app page at an address in an admin area that no panel answers', async () => {
    const app = await boot(builtApp())
    for (const url of ['/data/customer/7/edit', '/data//7', '/configuration/x', '/bin/anything']) {
      const reply = await inject(app, { url, headers: { accept: 'text/html' } })
      expect(reply.statusCode, url).toBe(404)
      expect(reply.headers['cache-control'], url).toBe('no-cache')
      // The app draws its 'Page not Found' inside the shell, so staff keep the menu.
      expect(reply.body, url).toContain('id="root"')
    }
  })

  it('answers 404 at an admin address no running plugin declares, with no admin page', async () => {
    const app = await boot(builtApp())
    // Screens of plugins that do not exist here: once fixed in the admin, now nobody's.
    for (const url of ['/drive', '/billing', '/insights/live', '/log', '/sessions', '/editor/x']) {
      const reply = await inject(app, { url, headers: { accept: 'text/html' } })
      expect(reply.statusCode, url).toBe(404)
      expect(reply.body, url).not.toContain('id="root"')
    }
    // Without the plugin that declares them, its addresses are nobody's either.
    await kernel?.close()
    const withoutGreetings = await boot(builtApp(), [shop])
    expect((await inject(withoutGreetings, { url: '/greetings' })).statusCode).toBe(404)
    expect((await inject(withoutGreetings, { url: '/data' })).statusCode).toBe(200)
  })

  it('names the running plugins in the page, for the app to use their modules only', async () => {
    const app = await boot(builtApp())
    const reply = await inject(app, { url: '/data' })
    expect(reply.body).toContain(
      '<meta name="shopwright-plugins" content="shop,greetings,admin"></head>',
    )
    expect(pageWithPlugins('<!doctype html><p>x</p>', ['a'])).toBe(
      '<!doctype html><meta name="shopwright-plugins" content="a"><p>x</p>',
    )
  })

  it('stops the boot of a plugin that adds a malformed path, naming it', async () => {
    const odd = definePlugin({
      name: 'odd',
      bootstrap({ optional }) {
        optional('admin')?.addPaths('odd', ['/Data'])
      },
    })
    await expect(
      createKernel({ config: testConfig(), plugins: [odd, adminPlugin()] }),
    ).rejects.toMatchObject({ code: 'SW_PLUGIN_INVALID', message: expect.stringContaining('odd') })
  })

  it('refuses at start a declared admin path that is malformed or over the app files', () => {
    for (const prefix of [
      '/',
      'data',
      '/Data',
      '/data/',
      '/data//x',
      '/admin',
      '/admin/x',
      '/a b',
      '/:type',
      '/data/*/x',
      '/data/:',
      '/data/(.*)',
    ])
      expect(() => adminAddresses([{ name: 'odd', adminPaths: [prefix] }]), prefix).toThrow(
        expect.objectContaining({ code: 'SW_PLUGIN_INVALID' }),
      )
    expect(() => adminAddresses([{ name: 'ok', adminPaths: ['/data/x-y_2/:id/*'] }])).not.toThrow()
  })

  it('leaves other addresses to the rest of the site', async () => {
    const app = await boot(builtApp())
    expect((await inject(app, { url: '/databases' })).statusCode).toBe(404)
    expect((await inject(app, { url: '/query/server/info' })).statusCode).toBe(200)
    const post = await inject(app, { method: 'POST', url: '/data', payload: {} })
    expect(post.statusCode).toBe(404)
  })

  it('writes the chosen language and its direction into the page', async () => {
    const dir = builtApp()
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head></head><body></body></html>',
    )
    const app = await boot(dir)
    const choice = (language: string) =>
      `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language }))}`
    const french = await inject(app, { url: '/data', headers: { cookie: choice('fr') } })
    expect(french.body).toContain('<html lang="fr" dir="ltr">')
    expect(french.headers.vary).toContain('Cookie')
    const arabic = await inject(app, { url: '/data', headers: { cookie: choice('ar-eg') } })
    expect(arabic.body).toContain('<html lang="ar-eg" dir="rtl">')
    // No choice, or one that is not one (an attribute break-out), leaves the page as built.
    for (const cookie of [
      '',
      `sw_locale=${encodeURIComponent('{"language":"x\\" onload=\\"1"}')}`,
    ]) {
      const reply = await inject(app, { url: '/data', headers: { cookie } })
      expect(reply.body).toContain('<html lang="en">')
    }
    expect(pageInLanguage('<html lang="en" class="x">', 'he')).toBe('<html lang="he" dir="rtl">')
  })

  it('says clearly when the app is not built', async () => {
    const app = await boot(fs.mkdtempSync(path.join(os.tmpdir(), 'sw-admin-empty-')))
    const reply = await inject(app, { url: '/data' })
    expect(reply.statusCode).toBe(503)
    expect(reply.body).toContain('npm run build')
  })
})
