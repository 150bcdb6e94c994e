import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors, PHONE, screenshot, signInThrough } from './browser.js'
import { makeSite, type Site } from './site.js'

/**
 * The API reference page (`/query/openapi`, plugins/openapi/README.md) as staff and strangers see
 * it: the OpenAPI document shown by Swagger UI to staff, with nothing refused by the page's
 * Content-Security-Policy; a sign-in prompt for a stranger, who downloads no renderer.
 */
describe('the API reference page in Chromium', () => {
  let site: Site
  const contexts: BrowserContext[] = []

  async function fresh(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await site.browser.newContext({ viewport })
    contexts.push(context)
    return context.newPage()
  }

  beforeAll(async () => {
    site = await makeSite({ users: [{ email: 'dev@example.com', roles: 'administrator' }] })
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await site?.close()
  })

  it('shows staff every plugin’s calls, their access and schemas, with no script refused', async () => {
    const page = await fresh()
    const errors = collectErrors(page, [], { console: true })
    await signInThrough(page, site.url('/admin'), 'dev@example.com')
    await page.goto(site.url('/query/openapi'))
    await page.waitForSelector('.swagger-ui .opblock-tag', { timeout: 30_000 })
    expect(await page.title()).toBe('API reference · Shopwright')
    const tags = await page.locator('.opblock-tag').allTextContents()
    for (const plugin of ['kernel', 'records', 'account', 'commerce', 'openapi'])
      expect(tags.some((tag) => tag.startsWith(plugin))).toBe(true)

    // One call opened: its summary, its access and its answers.
    await page.click('.opblock-tag:has-text("account")')
    await page.click('.opblock-summary:has-text("/query/account/get")')
    const call = page.locator('.opblock.is-open')
    await call.waitFor()
    expect(await call.textContent()).toContain('The signed-in account')
    expect(await call.textContent()).toContain('Access: anyone signed in.')
    expect(await call.textContent()).toContain('ERROR_NOT_SIGNED_IN')
    // The security schemes the document declares.
    expect(await page.locator('.auth-wrapper, .scheme-container').count()).toBeGreaterThan(0)
    await screenshot(page, 'api-reference')
    // A page to read: no call is sent from it.
    expect(await page.locator('.try-out__btn').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('reads on a phone', async () => {
    const page = await fresh(PHONE)
    await signInThrough(page, site.url('/admin'), 'dev@example.com')
    await page.goto(site.url('/query/openapi'))
    await page.waitForSelector('.swagger-ui .opblock-tag', { timeout: 30_000 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, 'api-reference-phone')
  })

  it('asks a stranger to sign in, and sends them no renderer', async () => {
    const page = await fresh()
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname))
    await page.goto(site.url('/query/openapi'))
    await page.waitForSelector('text=Sign in to the admin as staff to read the API reference')
    expect(await page.getAttribute('.api-message a', 'href')).toBe('/login')
    expect(loaded.some((address) => address.includes('swagger-ui'))).toBe(false)
    await screenshot(page, 'api-reference-signed-out')
  })
})
