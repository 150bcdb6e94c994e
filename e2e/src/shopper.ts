import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors } from './browser.js'
import type { Site } from './site.js'

/** A shop locale as /locale saves it in the `sw_locale` cookie. */
export interface ShopLocale {
  country: string
  currency: string
  language: string
}

/** A shopper's own browser context, a page on it, and the page's errors. */
export interface ShopperPage {
  context: BrowserContext
  page: Page
  /** Script errors and console errors (see collectErrors). */
  errors: string[]
}

/**
 * A fresh browser context with no cookie of the shop but the locale, when one is given (as if
 * chosen on /locale before), and a page on it whose script and console errors are collected.
 */
export async function shopperPage(
  site: Site,
  viewport: { width: number; height: number },
  locale?: ShopLocale | null,
): Promise<ShopperPage> {
  const context = await site.browser.newContext({ viewport })
  if (locale)
    await context.addCookies([
      {
        name: 'sw_locale',
        value: encodeURIComponent(JSON.stringify(locale)),
        url: site.server.url,
      },
    ])
  const page = await context.newPage()
  return { context, page, errors: collectErrors(page, [], { console: true }) }
}

/**
 * Fills the checkout's new-card fields with the test card the payment stub accepts: 4242...,
 * expiring in December two years on (typed as the field takes it, MMYY), CVC 123.
 */
export async function fillAcceptedCard(page: Page): Promise<void> {
  await page.fill('[data-testid=checkout-ccnumber]', '4242 4242 4242 4242')
  await page.fill(
    '[data-testid=checkout-ccexpiredate]',
    `12${String(new Date().getFullYear() + 2).slice(2)}`,
  )
  await page.fill('[data-testid=checkout-cvc]', '123')
}

/**
 * From an item page: Add to cart, View cart in the dialog that confirms it, then Checkout from the
 * cart; resolves on the checkout page.
 */
export async function addToCartAndCheckOut(page: Page): Promise<void> {
  await page.click('[data-testid=add-to-cart]')
  await page.waitForSelector('[data-testid=added-dialog][open]')
  await page.click('[data-testid=view-cart]')
  await page.waitForURL(/\/cart$/)
  await page.click('[data-testid=checkout-button]')
  await page.waitForURL(/\/checkout$/)
}
