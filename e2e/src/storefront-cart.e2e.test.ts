import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { projectDir, run, startServer, type RunningServer } from '@shopwright/cli/testing'
import { launchBrowser, SCREENSHOTS } from './browser.js'

/**
 * A project whose own plugin provides the `cart` storefront module: the count call answers after a
 * pause, so the '...' the shell shows until then can be seen, and a `shopwright:cart` event from a
 * cart screen updates it.
 */
const CONFIG = `
export default {
  plugins: [
    'records',
    'account',
    {
      name: 'test-cart',
      bootstrap({ optional }) {
        optional('storefront')?.addModule('cart')
      },
      routes(router) {
        router.get('/cart/count', async (ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 400))
          ctx.body = { count: 3 }
        })
      },
    },
  ],
}
`

describe('the cart icon in Chromium', () => {
  let plain: RunningServer
  let withCart: RunningServer
  let browser: Browser

  beforeAll(async () => {
    // Commerce is a default plugin and provides the cart: the plain project names its plugins.
    const plainDir = projectDir({
      'shopwright.config.ts': "export default { plugins: ['records', 'account'] }\n",
    })
    const cartDir = projectDir({ 'shopwright.config.ts': CONFIG })
    for (const cwd of [plainDir, cartDir]) expect((await run(['seed'], cwd)).code).toBe(0)
    ;[plain, withCart, browser] = await Promise.all([
      startServer(plainDir),
      startServer(cartDir),
      launchBrowser(),
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all([plain?.stop(), withCart?.stop()])
  })

  it('is absent when no plugin provides a cart', async () => {
    const page = await browser.newPage()
    await page.goto(`${plain.url}/`)
    await page.waitForSelector('[data-testid=locale-link]')
    expect(await page.locator('[data-testid=cart-link]').count()).toBe(0)
    await page.close()
  })

  it("shows '...' until the count loads, then the count, and follows cart events", async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${withCart.url}/about`)
    // The server-rendered page is the same for every visitor: the count is never in it.
    const html = await response!.text()
    expect(html).toContain('data-testid="cart-link"')
    expect(html).toMatch(/sw-cart-count[^>]*>\.\.\.</)
    const count = page.locator('[data-testid=cart-link] .sw-cart-count')
    await expect.poll(() => count.textContent()).toBe('3')
    expect(await page.getAttribute('[data-testid=cart-link]', 'href')).toBe('/cart')
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('shopwright:cart', { detail: { count: 5 } })),
    )
    await expect.poll(() => count.textContent()).toBe('5')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'storefront-cart-icon.png') })
    await page.close()
  })
})
