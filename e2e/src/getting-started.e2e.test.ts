import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors, PHONE, signIn } from './browser.js'
import { makeSite, type Site } from './site.js'

/** Where the guide's screenshots live: docs/images/getting-started/<step>.png (kept in git). */
const IMAGES = path.resolve(fileURLToPath(import.meta.url), '../../../docs/images/getting-started')

/** The screen the guide's pictures are taken at: small files, the shape of a laptop's. */
const SCREEN = { width: 1280, height: 800 }

/** What the guide has the reader add: a product, then a page and its address. */
const PRODUCT = {
  id: 'tea-towel-set',
  name: 'Tea Towel Set',
  text: 'Two linen tea towels, woven in Portugal.',
  price: '19.50',
  shown: '$19.50',
  picture: 'public/catalogue/linen-tea-towel-1.webp',
}
const PAGE = {
  id: 'shipping',
  headline: 'Shipping and returns',
  text: 'We send every order within two working days.',
  address: '/shipping',
}

/**
 * docs/getting-started.md, walked in Chromium as a reader follows it: the shop as a visitor, the
 * sign-in and the dashboard, a new product made in the admin and seen on its page, a new page with
 * a route of its own and seen at its address, and the API reference that lists every plugin's
 * calls. Each step saves the guide's screenshot of it, at 1280 by 800, so the pictures follow the
 * product; each checks what the guide says the reader will see there.
 */
describe('the getting-started guide in Chromium', () => {
  let site: Site
  let context: BrowserContext
  let page: Page
  const errors: string[] = []
  const url = (address: string) => site.url(address)
  const shot = (target: Page, name: string) =>
    target.screenshot({ path: path.join(IMAGES, `${name}.png`) })

  /**
   * Waits until the pictures in view have loaded, as a reader sees them: at least `least` of them,
   * none of them still the blank a lazy picture shows before it comes near the screen.
   */
  async function picturesIn(target: Page, least = 1): Promise<void> {
    await target.waitForFunction((least) => {
      const shown = Array.from(document.images).filter((image) => {
        const box = image.getBoundingClientRect()
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
      })
      return (
        shown.length >= least &&
        shown.every(
          (image) =>
            !image.hasAttribute('data-lazy') &&
            !image.currentSrc.startsWith('data:') &&
            image.complete &&
            image.naturalWidth > 0,
        )
      )
    }, least)
  }

  /** Waits until the shop's header is whole: its categories, and the cart's count read. */
  async function headerDrawn(target: Page): Promise<void> {
    await target.waitForSelector('[data-testid=category-link]', { state: 'attached' })
    await target.waitForFunction(() =>
      /^\d+$/.test(document.querySelector('.sw-cart-count')?.textContent ?? ''),
    )
  }

  /** Opens the Data screen from the menu, then the record type of that name. */
  async function openType(name: string): Promise<void> {
    await page.click('[data-testid=menu-data]')
    const row = page
      .locator('[data-testid=record-types] tbody tr')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
    await row.click()
    await page.waitForSelector('[data-testid=record-list]')
  }

  /** Waits until the editor says its record is saved (created, then every later change). */
  async function savedAt(): Promise<void> {
    await expect
      .poll(() => page.textContent('[data-testid=save-state]'), { timeout: 30_000 })
      .toMatch(/^\s*Saved at /)
  }

  beforeAll(async () => {
    fs.mkdirSync(IMAGES, { recursive: true })
    site = await makeSite({ users: [{ email: 'admin@example.com', roles: 'administrator' }] })
    context = await site.browser.newContext({ viewport: SCREEN })
    page = await context.newPage()
    collectErrors(page, errors)
  })
  afterAll(async () => {
    await context?.close()
    await site?.close()
  })

  it('shows the shop to a visitor', async () => {
    // The home page, on a phone: its welcome, then the categories.
    const phone = await site.browser.newContext({ viewport: PHONE })
    const small = await phone.newPage()
    collectErrors(small, errors)
    await small.goto(url('/'))
    await small.waitForSelector('h1:has-text("Welcome to Shopwright Test Company")')
    await small.waitForSelector('[data-testid=category-tile]')
    await picturesIn(small, 2)
    await headerDrawn(small)
    await shot(small, 'shop-phone')
    await phone.close()

    // A category from the header's menu, on a laptop: its items with their prices.
    await page.goto(url('/'))
    await page.click('header a:has-text("Apparel")')
    await page.waitForURL((address) => address.pathname === '/category/apparel')
    await page.waitForSelector('h1:has-text("Apparel")')
    await page.waitForSelector('[data-testid=item-card]')
    await picturesIn(page, 3)
    await headerDrawn(page)
    await shot(page, 'shop')
  })

  it('signs the administrator in and shows the dashboard', async () => {
    await page.goto(url('/admin'))
    await page.waitForURL(/\/login\?next=/)
    await page.waitForSelector('[data-testid=login-email]')
    await headerDrawn(page)
    await shot(page, 'sign-in')
    await signIn(page, 'admin@example.com')
    await page.waitForURL((address) => address.pathname === '/admin')
    await page.waitForSelector('h1:has-text("Admin home")')
    // Every card drawn: the day's orders, the visitors on the site now, the latest changes.
    await page.waitForSelector('text=Orders today')
    await page.waitForSelector('[data-testid=live-visitors-count]')
    await page.waitForSelector('[data-testid=latest-change]')
    await shot(page, 'dashboard')
  })

  it('adds a product in the admin and shows it in the shop', async () => {
    await openType('Item')
    await page.click('[data-testid=new]')
    await page.waitForURL((address) => address.pathname === '/data/item/new')
    await page.fill('[data-testid=field-displayname] input', PRODUCT.name)
    await page.check('[data-testid=field-online] input')
    await page.click('[data-testid=field-storedetaileddescription] .ProseMirror')
    await page.keyboard.type(PRODUCT.text)
    await page.fill('[data-testid=field-primarycategory] input', 'Kitchen')
    await page.click('[data-testid=field-primarycategory] [role=option]:has-text("Home & Kitchen")')
    await page.fill('[data-testid=field-id] input', PRODUCT.id)
    // Prices: one line, the online price in US dollars, from one unit.
    await page.click('[data-testid=price1-add-line]')
    await page.fill('[data-testid=price1-price-0-0]', PRODUCT.price)
    // Pictures: one from the drive's catalogue folder.
    await page.click('[data-testid=browse-storedisplayimage-file]')
    await page.click('[data-testid="picker-open-public/catalogue"]')
    await page.click(`[data-testid="picker-check-${PRODUCT.picture}"]`)
    await page.click('[data-testid=dialog-ok]')
    await page.fill('[data-testid=image-alt-storedisplayimage]', 'Two folded tea towels')
    await page.fill('[data-testid=field-stock] input', '12')
    await savedAt()
    expect(new URL(page.url()).pathname).toBe(`/data/item/${PRODUCT.id}`)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'product-form')
    // The Prices link scrolls the form to its group (smoothly: until it stops).
    await page.click('[data-testid=form-nav-Prices]')
    const prices = page.locator('[data-testid=field-price1]')
    let last = Number.NaN
    await expect
      .poll(async () => {
        const top = (await prices.boundingBox())?.y ?? Number.NaN
        const still = top === last && top < SCREEN.height / 2
        last = top
        return still
      })
      .toBe(true)
    await expect
      .poll(() => page.inputValue('[data-testid=price1-price-0-0]'))
      .toBe(String(Number(PRODUCT.price)))
    await shot(page, 'product-prices')
    // Items have drafts: the shop shows the product once it is published.
    expect(await page.textContent('[data-testid=draft-state]')).toBe('Not published yet')
    await page.click('[data-testid=publish]')
    await page.waitForSelector('[data-testid=draft-state]:text-is("Published")')

    await page.goto(url(`/item/${PRODUCT.id}`))
    await page.waitForSelector(`h1:has-text("${PRODUCT.name}")`)
    expect(await page.textContent('[data-testid=item-price]')).toContain(PRODUCT.shown)
    await page.waitForSelector(`text=${PRODUCT.text}`)
    await page.waitForSelector('text=In stock')
    await page.waitForSelector('.sw-breadcrumbs a:has-text("Home & Kitchen")')
    await picturesIn(page)
    await headerDrawn(page)
    await shot(page, 'product-page')
  })

  it('adds a page and an address for it, and shows it in the shop', async () => {
    // Back to the admin through the shop's header, which shows staff an Admin link.
    await page.click('[data-testid=admin-link]')
    await page.waitForURL((address) => address.pathname === '/admin')
    await openType('Web Page')
    await page.click('[data-testid=new]')
    await page.fill('[data-testid=field-headline] input', PAGE.headline)
    await page.click('[data-testid=field-content] .ProseMirror')
    await page.keyboard.type(PAGE.text)
    await page.fill('[data-testid=field-id] input', PAGE.id)
    await savedAt()
    expect(new URL(page.url()).pathname).toBe(`/data/webpage/${PAGE.id}`)
    // A new page is a draft until it is published (docs/history.md, "Drafts").
    expect(await page.textContent('[data-testid=draft-state]')).toBe('Not published yet')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'page-form')
    await page.click('[data-testid=publish]')
    await page.waitForSelector('[data-testid=draft-state]:text-is("Published")')

    await openType('Website Route')
    await page.click('[data-testid=new]')
    await page.fill('[data-testid=field-url] input', PAGE.address)
    await page.fill('[data-testid=field-component] input', 'PageView')
    await page.selectOption('[data-testid=field-seo] select', 'record')
    await page.fill('[data-testid=field-title] input', 'Shipping')
    await page.fill('[data-testid=field-recordtype] input', 'Web Page')
    await page.click('[data-testid=field-recordtype] [role=option]:has-text("Web Page")')
    await page.fill('[data-testid=field-recordid] input', PAGE.id)
    await savedAt()
    // The route is named by its title in the admin.
    await page.waitForSelector('h1:has-text("Shipping")')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'route-form')

    await page.goto(url(PAGE.address))
    await page.waitForSelector(`h1:has-text("${PAGE.headline}")`)
    expect(await page.textContent('.sw-page .sw-content')).toContain(PAGE.text)
    // Record mode: the browser's tab is named after the page's headline.
    expect(await page.title()).toMatch(new RegExp(`^${PAGE.headline}`))
    await headerDrawn(page)
    await shot(page, 'page')
  })

  it("lists every plugin's calls on the API reference page", async () => {
    await page.goto(url('/query/openapi'))
    await page.waitForSelector('.swagger-ui .opblock-tag', { timeout: 30_000 })
    const tags = await page.locator('.opblock-tag').allTextContents()
    for (const plugin of ['kernel', 'records', 'account', 'commerce'])
      expect(tags.some((tag) => tag.startsWith(plugin))).toBe(true)
    await shot(page, 'api-reference')
    expect(errors).toEqual([])
  })
})
