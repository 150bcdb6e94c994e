import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors, PHONE, SCREENSHOTS, signIn } from './browser.js'
import { makeSite, type Site } from './site.js'

/** The walk's page width, and the phone's its screenshots are taken at too. */
const DESKTOP = { width: 1366, height: 900 }

/**
 * Issue 17's walk through the default theme's shop, on a project with the default plugins and
 * the sample company: a visitor opens a category and an item, zooms the gallery, adds 12 of an
 * item with a break at 10 and sees the break price in the cart; signs in (the cart is kept),
 * saves an address and a card in the account area, checks out, and finds the order and its
 * invoice in the account. Then the same in French and euros. Screenshots of each step, desktop
 * and phone, go to e2e/screenshots/shop-*.
 */
describe('the shop in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)

  beforeAll(async () => {
    site = await makeSite({ users: [{ email: 'ada@example.com', type: 'customer' }] })
    console.log(`shop screenshots: ${path.join(SCREENSHOTS, 'shop-*.png')}`)
  })
  afterAll(() => site?.close())

  /**
   * One visitor's page for the tests of a describe block: opened before them, and after them
   * checked for script errors (console errors included) and closed.
   */
  function visitor(): { page: Page } {
    const walk = {} as { page: Page; context?: BrowserContext; errors?: string[] }
    beforeAll(async () => {
      walk.context = await site.browser.newContext({ viewport: DESKTOP })
      walk.page = await walk.context.newPage()
      walk.errors = collectErrors(walk.page, [], { console: true })
    })
    afterAll(async () => {
      expect(walk.errors).toEqual([])
      await walk.context?.close()
    })
    return walk
  }

  /** Scrolls through the page so lazy images load, then back to the top. */
  async function loadImages(page: Page): Promise<void> {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 40))
      }
      window.scrollTo(0, 0)
    })
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete))
  }

  /** The page at 1366 px and at 390 px wide. */
  async function shots(page: Page, name: string, fullPage = true): Promise<void> {
    await loadImages(page)
    await page.screenshot({ path: path.join(SCREENSHOTS, `shop-${name}-1366.png`), fullPage })
    await page.setViewportSize(PHONE)
    await page.waitForTimeout(150)
    await loadImages(page)
    await page.screenshot({ path: path.join(SCREENSHOTS, `shop-${name}-390.png`), fullPage })
    await page.setViewportSize(DESKTOP)
    await page.waitForTimeout(150)
  }

  async function hydrated(page: Page): Promise<void> {
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  }

  const count = (page: Page) => page.textContent('[data-testid=cart-link] .sw-cart-count')

  /**
   * From the cart: Checkout offers a visitor the guest form or the login; Sign in (`atLogin`
   * looks at the login) signs Ada in and comes back to the checkout's review.
   */
  async function signInAtCheckout(page: Page, atLogin?: () => Promise<void>): Promise<void> {
    await page.click('[data-testid=checkout-button]')
    await page.waitForURL(/\/checkout$/)
    await page.click('[data-testid=checkout-login]')
    await page.waitForURL(/\/login\?next=%2Fcheckout$/)
    await atLogin?.()
    await signIn(page, 'ada@example.com')
    await page.waitForURL(/\/checkout$/)
    await page.waitForSelector('[data-testid=review-line]')
  }

  /** Chooses the first saved address on /checkout/shipping and comes back to /checkout. */
  async function shipToSavedAddress(page: Page): Promise<void> {
    await page.click('[data-testid=change-address]')
    await page.waitForURL(/\/checkout\/shipping$/)
    await page.click('[data-testid=ship-address] >> nth=0 >> [data-testid=ship-here]')
    await page.waitForURL(/\/checkout$/)
    await page.waitForSelector('[data-testid=checkout-address]')
  }

  describe('in English and US dollars', () => {
    const walk = visitor()

    it('opens a category from the header, as a grid or a list', async () => {
      const { page } = walk
      await page.goto(url('/'))
      await hydrated(page)
      await page.waitForSelector('[data-testid=category-tile]')
      await page.waitForSelector('[data-testid=featured-items] [data-testid=item-card]')
      await shots(page, '01-home')

      await page.click('[data-testid=category-link]:has-text("Home & Kitchen")')
      await page.waitForURL(/\/category\/home-kitchen$/)
      await page.waitForSelector('h1:has-text("Home & Kitchen")')
      expect(await page.locator('[data-testid=item-card]').count()).toBe(13)
      expect(await page.textContent('[data-testid=item-count]')).toBe('13 items')
      const first = page.locator('[data-testid=item-card] img').first()
      expect(await first.getAttribute('fetchpriority')).toBe('high')
      expect(await first.getAttribute('srcset')).toContain('?width=400 400w')
      await shots(page, '02-category')

      await page.click('[data-testid=display-list]')
      await page.waitForURL(/\/category\/home-kitchen\?display=list$/)
      await page.waitForSelector('[data-testid=item-row]')
      expect(await page.locator('[data-testid=item-row]').count()).toBe(13)
      await page.click('[data-testid=display-grid]')
      await page.waitForURL(/\/category\/home-kitchen$/)
      await page.waitForSelector('[data-testid=item-card]')
    })

    it('pages a category of more than 24 items, the whole page in the HTML', async () => {
      const { page } = walk
      const response = await page.goto(url('/category/gifts'))
      // Nothing left for a script to put in place: the Content-Security-Policy allows none inline.
      expect(await response!.text()).not.toMatch(/<template|<!--\$\?/)
      await hydrated(page)
      expect(await page.locator('[data-testid=item-card]').count()).toBe(24)
      expect(await page.getAttribute('[data-testid=pager-prev]', 'aria-disabled')).toBe('true')
      await page.click('[data-testid=pager] a[aria-label="Page 2"]')
      await page.waitForURL(/\/category\/gifts\?page=2$/)
      await expect.poll(() => page.locator('[data-testid=item-card]').count()).toBe(2)
      expect(
        await page.getAttribute('[data-testid=pager] a[aria-current=page]', 'aria-label'),
      ).toBe('Page 2')
      await page.click('[data-testid=category-link][href="/category/home-kitchen"]')
      await page.waitForURL(/\/category\/home-kitchen$/)
      await page.waitForSelector('[data-testid=item-card][href="/item/ceramic-mug"]')
    })

    it('opens an item and zooms its gallery: arrows move, Escape closes', async () => {
      const { page } = walk
      await page.click('[data-testid=item-card][href="/item/ceramic-mug"]')
      await page.waitForURL(/\/item\/ceramic-mug$/)
      await page.waitForSelector('h1:has-text("Ceramic Mug")')
      const breaks = await page.locator('[data-testid=break-table] td').allTextContents()
      expect(breaks).toEqual(['1+', '10+', '50+', '$18.00', '$16.20', '$14.40'])

      await page.click('[data-testid=gallery-zoom]')
      const dialog = page.locator('[data-testid=zoom-dialog]')
      await page.waitForSelector('[data-testid=zoom-dialog][open]')
      expect(await dialog.locator('figcaption').textContent()).toMatch(/^Image 1 of \d$/)
      await page.keyboard.press('ArrowRight')
      expect(await dialog.locator('figcaption').textContent()).toMatch(/^Image 2 of \d$/)
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.sw-zoom-image')).every(
          (image) => image.complete,
        ),
      )
      await shots(page, '03-zoom', false)
      await page.keyboard.press('Escape')
      await page.waitForSelector('[data-testid=zoom-dialog]:not([open])', { state: 'attached' })
      // Focus is back where the dialog was opened.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'gallery-zoom',
      )
    })

    it("shows the catalogue's pictures on the sample gallery page", async () => {
      const gallery = await walk.page.context().newPage()
      try {
        await gallery.goto(url('/code25Gallery'))
        await gallery.waitForSelector('[data-testid=gallery-grid] img')
        expect(await gallery.locator('[data-testid=gallery-grid] img').count()).toBeGreaterThan(5)
      } finally {
        await gallery.close()
      }
    })

    it('adds 12 of an item with a break at 10 at the break price, and an option of another', async () => {
      const { page } = walk
      await page.fill('[data-testid=item-quantity]', '12')
      expect(await page.textContent('[data-testid=item-price]')).toBe('$16.20')
      expect(await page.textContent('[data-testid=item-total]')).toBe('12 × $16.20 = $194.40')
      await page.click('[data-testid=add-to-cart]')
      await page.waitForSelector('[data-testid=added-dialog][open]')
      expect(await page.textContent('[data-testid=added-amount]')).toBe('$16.20 each · $194.40')
      await expect.poll(() => count(page)).toBe('1')
      await shots(page, '04-added', false)
      await page.click('[data-testid=continue-shopping]')

      // An item with options needs one chosen first.
      await page.goto(url('/item/classic-tee'))
      await hydrated(page)
      expect(await page.textContent('[data-testid=item-price]')).toBe('From $24.00')
      await page.click('[data-testid=add-to-cart]')
      await page.waitForSelector('text=Choose an option first.')
      // Colour, then Size: one picker each (the parent names its options).
      expect(await page.textContent('[data-testid=picker-0] legend')).toBe('Colour')
      await page.click('[data-testid=option-0-Blue]')
      await page.click('[data-testid=option-1-M]')
      expect(await page.textContent('[data-testid=item-price]')).toBe('$24.00')
      expect(await page.textContent('[data-testid=item-sku]')).toBe('SKU: M')
      await page.click('[data-testid=add-to-cart]')
      await page.waitForSelector('[data-testid=added-dialog][open]')
      await expect.poll(() => count(page)).toBe('2')
      await shots(page, '05-item-options')
    })

    it('shows the lines at their break prices in the cart, and changes and removes them', async () => {
      const { page } = walk
      await page.click('[data-testid=view-cart]')
      await page.waitForURL(/\/cart$/)
      await page.waitForSelector('[data-testid=cart-line]')
      const mug = page.locator('[data-testid=cart-line]:has-text("Ceramic Mug")')
      expect(await mug.locator('[data-testid=line-quantity]').inputValue()).toBe('12')
      expect(await mug.locator('[data-testid=line-rate]').textContent()).toBe('$16.20 each')
      expect(await mug.locator('[data-testid=line-amount]').textContent()).toBe('$194.40')
      expect(await page.textContent('[data-testid=cart-shipping]')).toBe('Free')

      const tee = page.locator('[data-testid=cart-line]:has-text("Classic Tee")')
      expect(await tee.locator('.sw-line-sku').textContent()).toBe('SKU: M')
      await tee.locator('[data-testid=line-plus]').click()
      await expect.poll(() => tee.locator('[data-testid=line-quantity]').inputValue()).toBe('2')
      expect(await tee.locator('[data-testid=line-amount]').textContent()).toBe('$48.00')
      await shots(page, '06-cart')
      await tee.locator('[data-testid=line-remove]').click()
      await expect.poll(() => page.locator('[data-testid=cart-line]').count()).toBe(1)
      await expect.poll(() => count(page)).toBe('1')
      expect(await page.textContent('[data-testid=cart-total]')).toBe('$194.40')
    })

    it('signs in at checkout, the cart kept', async () => {
      const { page } = walk
      await signInAtCheckout(page)
      expect(await page.locator('[data-testid=review-line]').count()).toBe(1)
      expect(await page.textContent('[data-testid=review-line]')).toContain('Ceramic Mug')
      expect(await page.textContent('[data-testid=place-order]')).toBe('Place order · $194.40')
    })

    it('saves an address and a card in the account area', async () => {
      const { page } = walk
      await page.goto(url('/account/addressbook'))
      await page.click('[data-testid=address-new]')
      await page.waitForSelector('[data-testid=address-form]')
      await page.fill('[data-testid=address-addressee]', 'Ada Lovelace')
      await page.fill('[data-testid=address-addr1]', '1 Main Street')
      await page.fill('[data-testid=address-city]', 'Springfield')
      await page.fill('[data-testid=address-zip]', '62701')
      // The country is chosen from the country records, then the region from its regions.
      await page.selectOption('[data-testid=address-country]', 'us')
      await page.waitForSelector('select[data-testid=address-state] option[value=il]', {
        state: 'attached',
      })
      await page.selectOption('[data-testid=address-state]', 'il')
      await page.click('[data-testid=address-save]')
      await page.waitForURL(/\/account\/addressbook$/)
      await page.waitForSelector('[data-testid=address-card]:has-text("1 Main Street")')

      await page.goto(url('/account/creditcards'))
      await page.click('[data-testid=card-new]')
      await page.fill('[data-testid=card-ccnumber]', '4242 4242 4242 4242')
      await page.fill('[data-testid=card-ccname]', 'Ada Lovelace')
      await page.fill('[data-testid=card-ccexpiredate]', `12/${new Date().getFullYear() + 2}`)
      await page.click('[data-testid=card-save]')
      await page.waitForURL(/\/account\/creditcards$/)
      await page.waitForSelector('[data-testid=card-card]:has-text("4242")')
    })

    it('checks out with the saved address and card, after a declined new card', async () => {
      const { page } = walk
      await page.goto(url('/checkout'))
      await page.waitForSelector('[data-testid=review-line]')
      await shipToSavedAddress(page)
      expect(await page.textContent('[data-testid=checkout-address]')).toContain('1 Main Street')

      // A card the test provider declines: the spec's message under the dialog's title.
      await page.click('[data-testid=pay-card]')
      await page.fill('[data-testid=checkout-ccnumber]', '4000 0000 0000 0002')
      await page.fill('[data-testid=checkout-ccexpiredate]', `11/${new Date().getFullYear() + 1}`)
      await page.fill('[data-testid=checkout-cvc]', '123')
      await shots(page, '07-checkout')
      await page.click('[data-testid=place-order]')
      const alert = page.locator('[role=alertdialog]')
      await alert.waitFor()
      expect(await alert.textContent()).toContain('Unable to Place Order')
      expect(await alert.textContent()).toContain('The payment was declined.')
      await page.click('[data-testid=alert-ok]')

      await page.click('[data-testid^=pay-saved-]')
      await page.click('[data-testid=place-order]')
      await page.waitForSelector('[data-testid=order-placed]')
      const order = (await page.textContent('[data-testid=placed-order]'))!
      expect(order).toMatch(/^SO\d+$/)
      await expect.poll(() => count(page)).toBe('0')
      await shots(page, '08-placed')

      await page.click('[data-testid=placed-order-link]')
      await page.waitForURL(new RegExp(`/account/order/${order}$`))
      await page.waitForSelector('[data-testid=document]')
      expect(await page.textContent('h1')).toBe(`Order ${order}`)
      expect(await page.textContent('[data-testid=document-line]')).toContain('Ceramic Mug')
      expect(await page.textContent('[data-testid=document-total]')).toBe('$194.40')
      expect(await page.textContent('[data-testid=document]')).toContain('************4242')
      await shots(page, '09-order')

      await page.click('.sw-account-menu >> text=Invoices')
      await page.waitForURL(/\/account\/invoices$/)
      await page.waitForSelector('[data-testid=document-row]')
      expect(await page.textContent('[data-testid=document-row]')).toContain('$194.40')
      await page.click('[data-testid=document-row] a')
      await page.waitForURL(/\/account\/invoice\/INV\d+$/)
      await page.waitForSelector('[data-testid=document]')
      expect(await page.textContent('[data-testid=document-status]')).toBe('Paid In Full')
      expect(await page.textContent('[data-testid=document]')).toContain(order)
      await shots(page, '10-invoice')
    })
  })

  describe('in French and euros', () => {
    const walk = visitor()

    it('chooses French and EUR on /locale, then browses, zooms and fills the cart in them', async () => {
      const { page } = walk
      await page.goto(url('/locale'))
      await hydrated(page)
      await page.waitForSelector('[data-testid=locale-country] option[value=fr]', {
        state: 'attached',
      })
      await page.selectOption('[data-testid=locale-country]', 'fr')
      await page.selectOption('[data-testid=locale-currency]', 'eur')
      await page.selectOption('[data-testid=locale-language]', 'fr')
      await page.click('[data-testid=locale-save]')
      await page.waitForURL(url('/'))
      await page.waitForFunction(() => document.documentElement.lang === 'fr')
      expect(await page.textContent('[data-testid=locale-link]')).toBe('€ FR')
      await page.waitForSelector('[data-testid=category-tile]')
      expect(await page.textContent('#sw-categories-title')).toBe('Acheter par catégorie')

      await page.click('[data-testid=category-link][href="/category/home-kitchen"]')
      await page.waitForURL(/\/category\/home-kitchen$/)
      await page.waitForSelector('[data-testid=item-card]')
      expect(await page.textContent('[data-testid=item-count]')).toBe('13 articles')
      expect(await page.textContent('[data-testid=item-card] .sw-item-card-price')).toContain('€')
      await shots(page, '11-fr-category')

      await page.click('[data-testid=item-card][href="/item/ceramic-mug"]')
      await page.waitForURL(/\/item\/ceramic-mug$/)
      await page.waitForSelector('[data-testid=break-table]')
      const [one, , , first, tenth] = await page
        .locator('[data-testid=break-table] td')
        .allTextContents()
      expect(one).toBe('1 et +')
      // French writes amounts its own way (Intl.NumberFormat): "62,00 €".
      expect(first).toMatch(/^\d+,\d\d\u00a0€$/)
      await page.click('[data-testid=gallery-zoom]')
      await page.waitForSelector('[data-testid=zoom-dialog][open]')
      expect(await page.textContent('[data-testid=zoom-dialog] figcaption')).toMatch(
        /^Image 1 sur \d$/,
      )
      await page.keyboard.press('Escape')
      await page.waitForSelector('[data-testid=zoom-dialog]:not([open])', { state: 'attached' })

      await page.fill('[data-testid=item-quantity]', '12')
      expect(await page.textContent('[data-testid=item-price]')).toBe(tenth)
      await page.click('[data-testid=add-to-cart]')
      await page.waitForSelector('[data-testid=added-dialog][open]')
      expect(await page.textContent('#sw-added-title')).toBe('Ajouté à votre panier')
      await expect.poll(() => count(page)).toBe('1')
      await shots(page, '12-fr-item', false)

      await page.click('[data-testid=view-cart]')
      await page.waitForURL(/\/cart$/)
      await page.waitForSelector('[data-testid=cart-line]')
      expect(await page.textContent('h1')).toBe('Panier')
      expect(await page.textContent('[data-testid=line-rate]')).toBe(`${tenth} l'unité`)
      expect(await page.textContent('[data-testid=cart-shipping]')).toBe('Gratuite')
      await shots(page, '13-fr-cart')
    })

    it('signs in, checks out with the saved address and card, and finds the order and invoice', async () => {
      const { page } = walk
      await signInAtCheckout(page, async () => {
        expect(await page.textContent('h1')).toBe('Connexion')
      })
      expect(await page.textContent('h1')).toBe('Finaliser la commande')
      expect(await page.locator('[data-testid=review-line]').count()).toBe(1)
      if ((await page.locator('[data-testid=checkout-address]').count()) === 0)
        await shipToSavedAddress(page)
      const total = (await page.textContent('[data-testid=cart-total]'))!
      expect(total).toMatch(/^[\d\u202f]+,\d\d\u00a0€$/)
      expect(await page.locator('[data-testid^=pay-saved-] input').first().isChecked()).toBe(true)
      await shots(page, '14-fr-checkout')
      await page.click('[data-testid=place-order]')
      await page.waitForSelector('[data-testid=order-placed]')
      expect(await page.textContent('[data-testid=order-placed] h1')).toBe(
        'Merci pour votre commande',
      )
      const order = (await page.textContent('[data-testid=placed-order]'))!
      await shots(page, '15-fr-placed')

      await page.click('[data-testid=placed-order-link]')
      await page.waitForURL(new RegExp(`/account/order/${order}$`))
      await page.waitForSelector('[data-testid=document]')
      expect(await page.textContent('h1')).toBe(`Commande ${order}`)
      expect(await page.textContent('[data-testid=document-total]')).toBe(total)
      expect(await page.textContent('[data-testid=document-status]')).toBe(
        'En attente de préparation',
      )
      await shots(page, '16-fr-order')

      await page.click('.sw-account-menu >> text=Factures')
      await page.waitForURL(/\/account\/invoices$/)
      await page.waitForSelector('[data-testid=document-row]')
      // Newest first: this order's invoice, in euros, then the first one's, in dollars.
      const rows = page.locator('[data-testid=document-row]')
      expect(await rows.count()).toBe(2)
      expect(await rows.first().textContent()).toContain(total)
      // A US dollar invoice on a French page, written the French way (Intl.NumberFormat).
      expect(await rows.nth(1).textContent()).toContain('194,40\u00a0$US')
      await rows.first().locator('a').click()
      await page.waitForURL(/\/account\/invoice\/INV\d+$/)
      await page.waitForSelector('[data-testid=document]')
      expect(await page.textContent('[data-testid=document-status]')).toBe('Payée')
      await shots(page, '17-fr-invoice')
    })
  })
})
