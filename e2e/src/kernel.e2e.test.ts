import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { projectDir, startServer, type RunningServer } from '@shopwright/cli/testing'
import { launchBrowser, SCREENSHOTS } from './browser.js'

describe('a fresh Shopwright in Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(projectDir()), launchBrowser()])
    page = await browser.newPage()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('serves the storefront at /: server-rendered, with its title and the security headers', async () => {
    const response = await page.goto(`${server.url}/`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
    expect(await page.title()).toBe('Welcome | Shopwright')
    expect(await page.textContent('h1')).toBe('Welcome to Shopwright Test Company')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'storefront-home.png'), fullPage: true })
  })

  it('navigates between pages without reloading, and back again', async () => {
    let loads = 0
    const count = () => loads++
    page.on('load', count)
    await page.goto(`${server.url}/`)
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    loads = 0
    await page.click('text=Read more about us')
    await page.waitForURL(/\/about$/)
    await page.waitForSelector('h1:has-text("About Shopwright Test Company")')
    expect(await page.title()).toBe('About | Shopwright')
    await page.goBack()
    await page.waitForSelector('h1:has-text("Welcome to Shopwright Test Company")')
    expect(loads).toBe(0)
    page.off('load', count)
  })

  it('answers readiness as JSON', async () => {
    await page.goto(`${server.url}/readyz`)
    // Without REDIS_URL the node has no Redis to report (docs/operations.md, "Health and shutdown").
    expect(JSON.parse((await page.textContent('body')) ?? '')).toEqual({
      ok: true,
      database: 'up',
      redis: 'off',
    })
  })

  it('shows Page not Found with a 404 for an unknown address', async () => {
    const response = await page.goto(`${server.url}/no/such/page`)
    expect(response?.status()).toBe(404)
    expect(await page.textContent('h1')).toBe('Page not Found')
  })

  it('refuses, from the browser, a POST without the Device header and answers the catalogue code', async () => {
    await page.goto(`${server.url}/`)
    const answers = await page.evaluate(async () => {
      const call = async (headers: Record<string, string>) => {
        const res = await fetch('/query/server/info', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        })
        return { status: res.status, body: (await res.json()) as unknown }
      }
      return { without: await call({}), withDevice: await call({ Device: 'abc123' }) }
    })
    expect(answers.without).toEqual({
      status: 403,
      body: { ok: false, message: 'ERROR_DEVICE_REQUIRED' },
    })
    expect(answers.withDevice).toEqual({
      status: 405,
      body: { ok: false, message: 'ERROR_METHOD_NOT_ALLOWED' },
    })
  })

  it('blocks an inline script through the Content-Security-Policy', async () => {
    await page.goto(`${server.url}/`)
    const ran = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.appendChild(script)
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
  })
})
