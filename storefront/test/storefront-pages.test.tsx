import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest, inject } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { StorefrontApp } from '../src/react/StorefrontApp.js'
import { useT } from '../src/react/translation.js'
import { storefrontPlugin } from '../src/plugin/index.js'
import type { PageProps, ShellProps, Theme } from '../src/shared/contract.js'
import { ADMIN, fakeBuild, pageDataOf } from './helpers.js'

/** The tiny theme's shell: its one link is a phrase, shown in the page's language. */
function TinyShell({ site, children }: ShellProps) {
  const t = useT()
  return (
    <div data-shell={site.name}>
      <nav>
        <a href="/about">{t('About')}</a>
      </nav>
      {children}
    </div>
  )
}

/** A second, minimal theme: proves the engine renders whatever theme it is given. */
const tinyTheme: Theme = {
  name: 'tiny',
  Shell: TinyShell,
  NotFound: () => <h1>Nothing here</h1>,
  components: {
    Welcome: ({ record }: PageProps) => <h1>{String(record?.headline ?? 'no record')}</h1>,
    About: ({ record, props }: PageProps) => (
      <h1 data-props={JSON.stringify(props)}>{String(record?.headline ?? 'no record')}</h1>
    ),
    Secret: ({ record }: PageProps) => <p>{record ? String(record.email) : 'hidden'}</p>,
  },
}

/** The `sw_locale` cookie of a visitor who chose a language (the US and dollars otherwise). */
function localeCookie(language: string): string {
  return `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'us', currency: 'usd', language }))}`
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`server-rendered storefront pages on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const page = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
      inject(kernel, { method, url, headers: { accept: 'text/html' } })

    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(
        database,
        [
          records,
          account,
          translations,
          storefrontPlugin({
            theme: {
              theme: tinyTheme,
              App: StorefrontApp,
              clientDir: fakeBuild(
                {
                  'assets/entry-1.js': 'console.log(1)',
                  'assets/entry-1.css': 'body{color:red}',
                },
                {
                  'src/entry.tsx': {
                    file: 'assets/entry-1.js',
                    css: ['assets/entry-1.css'],
                    imports: ['_shared'],
                  },
                  _shared: { file: 'assets/shared-2.js' },
                },
              ),
              clientEntry: 'src/entry.tsx',
            },
          }),
        ],
        {},
      ))
      await kernel.seed(allSeeds())
      // A route that names staff accounts: their records must never reach an anonymous page.
      await kernel.containerOf('records').cradle.recordStore.insert({
        type: 'route',
        id: 'secret',
        url: '/staff/:id',
        component: 'Secret',
        seo: 'static',
        title: 'Staff',
        description: 'x',
        recordtype: { reference: true, type: 'recordtype', id: 'employee' },
        props: [],
      } as RecordData)
      await kernel.services.accounts.addAccount({
        email: 'boss@example.com',
        password: 'secret12',
        roles: ['administrator'],
      })
    })
    afterAll(() => close())

    /**
     * Writes a web page's headline straight to the store, behind the record calls' back, and drops
     * the records' cached texts: only pages cached whole still show the old one.
     */
    const replaceWebpage = async (id: string, headline: string) => {
      await kernel
        .containerOf('records')
        .cradle.recordStore.replace({ type: 'webpage', id, headline, content: '' })
      await kernel.services.cache.clear('recordtext')
    }

    it('renders / with its title (and the site suffix) and description in the first bytes', async () => {
      const reply = await page('/')
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-type']).toMatch(/^text\/html/)
      const head = reply.body.slice(0, reply.body.indexOf('<body>'))
      expect(head).toContain('<title>Welcome | Shopwright</title>')
      expect(head).toContain(
        '<meta name="description" content="Welcome to Shopwright Test Company.">',
      )
      expect(head).toContain('<style>body{color:red}</style>')
      expect(head).toContain('<link rel="modulepreload" href="/theme/assets/shared-2.js">')
      expect(head).toContain('<script type="module" src="/theme/assets/entry-1.js"></script>')
      expect(reply.body).toContain('<h1>Welcome to Shopwright Test Company</h1>')
      expect(reply.body).toContain('data-shell="Shopwright Test Company"')
      expect(reply.headers['content-security-policy']).toContain("script-src 'self'")
      const data = pageDataOf(reply.body)
      expect(data.href).toBe('/')
      expect(data.record).toMatchObject({ type: 'webpage', id: 'home' })
      expect(data.routes.some((route) => route.url === '/about')).toBe(true)
    })

    it("merges the query into the route's props", async () => {
      const reply = await page('/about?from=mail&__proto__=x')
      expect(reply.body).toContain(
        `data-props="${JSON.stringify({ from: 'mail' }).replace(/"/g, '&quot;')}"`,
      )
    })

    it("answers an unknown address, or a route the theme cannot show, with the theme's 404 page", async () => {
      for (const url of ['/no/such/page', '/contact']) {
        const reply = await page(url)
        expect(reply.statusCode, url).toBe(404)
        expect(reply.body).toContain('<title>Page not Found | Shopwright</title>')
        expect(reply.body).toContain('<h1>Nothing here</h1>')
      }
    })

    it('reads the record of a page as the visitor: a staff record is no page for anonymous visitors', async () => {
      // Not theirs to read: the page does not exist for them, as a missing record's does not.
      const reply = await page('/staff/1')
      expect(reply.statusCode).toBe(404)
      expect(reply.body).not.toContain('boss@example.com')
      expect(pageDataOf(reply.body)).toMatchObject({ record: null, notFound: true })
    })

    it('keeps page data from closing its script element', async () => {
      await replaceWebpage('about', '</script><script>alert(1)</script>')
      const reply = await page('/about')
      expect(reply.body).not.toContain('</script><script>alert(1)')
      expect(pageDataOf(reply.body).record?.headline).toBe('</script><script>alert(1)</script>')
    })

    it('answers 404 for a route whose record is gone, and serves it again once it is back', async () => {
      expect((await page('/about')).statusCode).toBe(200)
      await kernel.services.records.bin(ADMIN, [{ type: 'webpage', id: 'about' }])
      const gone = await page('/about')
      expect(gone.statusCode).toBe(404)
      expect(pageDataOf(gone.body)).toMatchObject({ record: null, notFound: true })
      await kernel.services.records.restore(ADMIN, [{ type: 'webpage', id: 'about' }])
      expect((await page('/about')).statusCode).toBe(200)
    })

    it('caches anonymous pages until a record they show changes through the record calls', async () => {
      const first = await page('/')
      expect(first.body).toContain('<h1>Welcome to Shopwright Test Company</h1>')
      // A write that bypasses the record calls is not seen: the page comes from the cache.
      await replaceWebpage('home', 'Changed behind its back')
      expect((await page('/')).body).toContain('<h1>Welcome to Shopwright Test Company</h1>')
      // A change through the records service drops the cached pages (on every node).
      await kernel.services.records.update(ADMIN, 'webpage', 'home', [
        { field: 'headline', value: 'Fresh headline' },
      ])
      const compressedPage = await inject(kernel, {
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      })
      if (compressedPage.headers['content-encoding'] === 'br')
        expect(brotliDecompressSync(compressedPage.rawPayload).toString()).toContain(
          'Welcome to Shopwright Test Company',
        )
      const fresh = await page('/')
      expect(fresh.body).toContain('<h1>Fresh headline</h1>')
      expect(fresh.body).toContain('<title>Welcome | Shopwright</title>')
      // Each language and currency has its own copy.
      const cookie = `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`
      const french = await inject(kernel, { url: '/', headers: { accept: 'text/html', cookie } })
      expect(french.body).toContain('<html lang="fr">')
      expect((await page('/')).body).toContain('<html lang="en-us">')
    })

    it("shows a page's variant in the visitor's language (its base language's too), else the page", async () => {
      const shownId = async (language: string | null) => {
        const reply = await inject(kernel, {
          url: `/about?variant=${language ?? 'none'}`,
          headers: { accept: 'text/html', ...(language ? { cookie: localeCookie(language) } : {}) },
        })
        return pageDataOf(reply.body).record?.id
      }
      expect(await shownId('fr')).toBe('about-fr')
      expect(await shownId('fr-ca')).toBe('about-fr')
      expect(await shownId('de')).toBe('about')
      expect(await shownId(null)).toBe('about')
    })

    it("renders a page in the locale cookie's language, the site's first without one", async () => {
      const french = await inject(kernel, {
        url: '/about?in=fr',
        headers: { accept: 'text/html', cookie: localeCookie('fr') },
      })
      expect(french.body).toContain('<html lang="fr">')
      // The route's title and description are phrases; so is the shell's link.
      expect(french.body).toContain('<title>À propos | Shopwright</title>')
      expect(french.body).toContain('<meta name="description" content="À propos de Shopwright')
      expect(french.body).toContain('<a href="/about">À propos</a>')
      const data = pageDataOf(french.body)
      expect(data.language).toBe('fr')
      // Hydration starts from the same texts: the server set's messages included.
      expect(data.texts.About).toBe('À propos')
      expect(data.texts.ERROR_ACCESS_DENIED).toBe('Accès refusé.')

      const english = await page('/about?in=en')
      expect(english.body).toContain('<html lang="en-us">')
      expect(english.body).toContain('<title>About | Shopwright</title>')
      expect(english.body).toContain('<a href="/about">About</a>')
      // English texts equal to their phrases (or the catalogue's English) are left out of the page.
      const englishData = pageDataOf(english.body)
      expect(englishData.language).toBe('en-us')
      expect(englishData.texts.About).toBeUndefined()
      expect(englishData.texts.ERROR_ACCESS_DENIED).toBeUndefined()

      // A language the sets lack falls back to their default language, then to the phrase.
      const german = await inject(kernel, {
        url: '/about?in=de',
        headers: { accept: 'text/html', cookie: localeCookie('de') },
      })
      expect(german.body).toContain('<html lang="de">')
      expect(german.body).toContain('<a href="/about">About</a>')

      // Not found: 'Page not Found' in the language too.
      const missing = await inject(kernel, {
        url: '/no/such/page',
        headers: { accept: 'text/html', cookie: localeCookie('fr') },
      })
      expect(missing.body).toContain('<title>Page introuvable | Shopwright</title>')

      // Right-to-left languages lay the page out right to left.
      const arabic = await inject(kernel, {
        url: '/about',
        headers: { accept: 'text/html', cookie: localeCookie('ar-sa') },
      })
      expect(arabic.body).toContain('<html lang="ar-sa" dir="rtl">')
    })

    it('drops cached pages when a translation set changes', async () => {
      const cookie = localeCookie('fr')
      const before = await inject(kernel, {
        url: '/about',
        headers: { accept: 'text/html', cookie },
      })
      expect(before.body).toContain('<a href="/about">À propos</a>')
      const store = await kernel.services.records.get(null, 'translation', 'store')
      const entries = (store.entries as Array<{ id: string; phrase: string }>).map((entry) =>
        entry.phrase === 'About'
          ? { ...entry, translations: { 'en-us': 'About', fr: 'Qui sommes-nous' } }
          : entry,
      )
      await kernel.services.records.update(ADMIN, 'translation', 'store', [
        { field: 'entries', value: entries },
      ])
      const after = await inject(kernel, {
        url: '/about',
        headers: { accept: 'text/html', cookie },
      })
      expect(after.body).toContain('<a href="/about">Qui sommes-nous</a>')
    })

    it('gives pages the menu groups with only the items the visitor may view', async () => {
      await kernel.containerOf('records').cradle.recordStore.insert({
        type: 'menu',
        id: 'navigation',
        label: 'Navigation',
        submenus: [
          { id: 'shop', label: 'Shop', href: '/shop' },
          { id: 'billing', label: 'Billing', href: '/billing', security: 'billing' },
          {
            id: 'more',
            label: 'More',
            submenus: [{ id: 'x', label: 'X', href: 'javascript:alert(1)' }],
          },
          { id: 'help', label: 'Help', submenus: [{ id: 'faq', label: 'FAQ', href: '/faq' }] },
        ],
      } as RecordData)
      await kernel.services.cache.clear('storefront')
      await kernel.services.cache.clear('storefrontpage')
      const data = pageDataOf((await page('/no-cache-here?x=1')).body)
      expect(data.menus.navigation).toEqual([
        { id: 'shop', label: 'Shop', href: '/shop' },
        { id: 'help', label: 'Help', submenus: [{ id: 'faq', label: 'FAQ', href: '/faq' }] },
      ])
      expect(data.menus.header?.map((item) => item.label)).toEqual([
        'Home',
        'About',
        'Contact',
        'Locale',
      ])
    })

    it('serves the theme files for a year and leaves the API alone', async () => {
      const asset = await inject(kernel, { url: '/theme/assets/entry-1.js' })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toBe('max-age=31536000,immutable')
      expect((await inject(kernel, { url: '/theme/../package.json' })).statusCode).toBe(404)
      // Compressed once and kept, for any theme; the same immutable caching.
      const compressed = await inject(kernel, {
        url: '/theme/assets/entry-1.js',
        headers: { 'accept-encoding': 'gzip, br' },
      })
      expect(compressed.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)')
      expect(compressed.headers.vary).toContain('Accept-Encoding')
      expect((await inject(kernel, { url: '/query/server/info' })).statusCode).toBe(200)
      expect((await inject(kernel, { url: '/healthz' })).statusCode).toBe(200)
    })
  })
}
