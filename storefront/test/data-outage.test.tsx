// A database that stops answering while pages are read (docs/operations.md, "Database outages"):
// MariaDB behind a TCP proxy that is cut, so every read of the storefront's data really fails.
// Pages whose data cannot be read answer 503 ERROR_DATA_CONNECTION with the storefront's error
// page, never the theme's 'Page not Found'; a page already cached is still served; the node
// answers again as soon as the database does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import {
  bootTestKernel,
  databasesUnderTest,
  inject,
  type DatabaseUnderTest,
} from '@shopwright/core/testing'
import { startTcpProxy, type TcpProxy } from '@shopwright/testkit'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { StorefrontApp } from '../src/react/StorefrontApp.js'
import { useT } from '../src/react/translation.js'
import { storefrontPlugin } from '../src/plugin/index.js'
import type { PageProps, ShellProps, Theme } from '../src/shared/contract.js'
import { fakeBuild } from './helpers.js'

function Shell({ children }: ShellProps) {
  const t = useT()
  return (
    <div>
      <a href="/about">{t('About')}</a>
      {children}
    </div>
  )
}

const theme: Theme = {
  name: 'outage',
  Shell,
  NotFound: () => <h1>Nothing here</h1>,
  components: {
    Welcome: ({ record }: PageProps) => <h1>{String(record?.headline ?? 'no record')}</h1>,
    About: ({ record }: PageProps) => <h1>{String(record?.headline ?? 'no record')}</h1>,
  },
}

/** MariaDB as the suites find it, with the kernel connecting through a proxy it can cut. */
function behindProxy(database: DatabaseUnderTest, proxy: () => TcpProxy): DatabaseUnderTest {
  return {
    ...database,
    async create() {
      const created = await database.create()
      const url = new URL(created.url)
      url.port = String(proxy().port)
      return { url: url.toString(), drop: created.drop }
    },
  }
}

const FRENCH = `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

describe.skipIf(mariadb.skip)('storefront pages while the database does not answer', () => {
  let kernel: Kernel
  let close: () => Promise<void>
  let proxy: TcpProxy
  const page = (url: string, cookie?: string) =>
    inject(kernel, { url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })

  /** Asserts the storefront's outage answer: 503 ERROR_DATA_CONNECTION, not 'Page not Found'. */
  function expectOutagePage(reply: Awaited<ReturnType<typeof page>>): void {
    expect(reply.statusCode).toBe(503)
    expect(reply.headers['retry-after']).toBe('5')
    expect(reply.headers['cache-control']).toBe('no-store')
    expect(reply.headers['content-type']).toMatch(/^text\/html/)
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'")
    expect(reply.body).toContain('<h1>Connection failed.</h1><p><code>ERROR_DATA_CONNECTION</code>')
    expect(reply.body).toContain('<style>body{color:red}</style>')
    expect(reply.body).not.toContain('Nothing here')
    expect(reply.body).not.toContain('Page not Found')
  }

  /** Cuts the database off for the duration of `check`, then lets it answer again. */
  async function whileDown(check: () => Promise<void>): Promise<void> {
    proxy.cut()
    try {
      await check()
    } finally {
      proxy.restore()
    }
  }

  beforeAll(async () => {
    const target = new URL(process.env.SW_TEST_MYSQL_URL!)
    proxy = await startTcpProxy(Number(target.port || 3306))
    ;({ kernel, close } = await bootTestKernel(
      behindProxy(mariadb, () => proxy),
      [
        records,
        account,
        translations,
        storefrontPlugin({
          theme: {
            theme,
            App: StorefrontApp,
            clientDir: fakeBuild(
              { 'assets/entry-1.css': 'body{color:red}' },
              { 'src/entry.tsx': { file: 'assets/entry-1.js', css: ['assets/entry-1.css'] } },
            ),
            clientEntry: 'src/entry.tsx',
          },
        }),
      ],
      { databaseTimeout: 1_000 },
    ))
    await kernel.seed(allSeeds())
  })
  afterAll(async () => {
    await close?.()
    await proxy?.close()
  })

  it('answers an address no route matches with 503, not 404, when the route table cannot be read', async () => {
    expect((await page('/no/such/page')).statusCode).toBe(404)
    await kernel.services.cache.clear()
    await whileDown(async () => {
      expectOutagePage(await page('/no/such/page?again'))
      expectOutagePage(await page('/about'))
    })
  })

  it("answers 503 when only the page's record cannot be read", async () => {
    expect((await page('/about?warm')).statusCode).toBe(200)
    // The route table, site settings and rights stay cached; the record's text is not.
    await kernel.services.cache.clear('recordtext')
    await kernel.services.cache.clear('storefrontpage')
    await whileDown(async () => {
      expectOutagePage(await page('/about?record'))
    })
  })

  it("answers 503 when only the texts of the page's language cannot be read", async () => {
    expect((await page('/no/such/page?english')).statusCode).toBe(404)
    await whileDown(async () => {
      // French texts were never read: this page would otherwise be 'Page not Found' in English.
      expectOutagePage(await page('/no/such/page?french', FRENCH))
    })
  })

  it('still serves pages it cached, and answers again, uncached, once the database is back', async () => {
    const cached = await page('/')
    expect(cached.statusCode).toBe(200)
    await whileDown(async () => {
      const reply = await page('/')
      expect(reply.statusCode).toBe(200)
      expect(reply.body).toBe(cached.body)
      expectOutagePage(await page('/about?down'))
    })
    // The error page was not kept: the same addresses answer normally now.
    await expect.poll(async () => (await page('/about?down')).statusCode).toBe(200)
    expect((await page('/no/such/page?french', FRENCH)).body).toContain('Page introuvable')
  })
})
