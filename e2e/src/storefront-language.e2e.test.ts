import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeSite, type Site } from './site.js'
import { screenshot, signIn } from './browser.js'

/** Set on `window` once: still there after a language switch only if the page did not reload. */
const MARKER = '__swNoReload'

/**
 * The storefront in French and back (English US), against the real server and the seeded
 * translation sets: the switch on /locale re-renders the page in place, the server renders the
 * next pages in the choice, and the account area follows.
 */
describe('the storefront language in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)
  const shot = (page: Page, name: string) => screenshot(page, `storefront-${name}`)
  const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim()

  beforeAll(async () => {
    site = await makeSite({ users: [{ email: 'ada@example.com', type: 'customer' }] })
  })
  afterAll(() => site?.close())

  /** Picks a language (and the country and currency that go with it) on /locale and saves. */
  async function choose(page: Page, country: string, currency: string, language: string) {
    await page.waitForSelector(`[data-testid=locale-country] option[value=${country}]`, {
      state: 'attached',
    })
    await page.selectOption('[data-testid=locale-country]', country)
    await page.selectOption('[data-testid=locale-currency]', currency)
    await page.selectOption('[data-testid=locale-language]', language)
  }

  /** Clicks Save on /locale and answers how long until the header's sign-in link says `label`. */
  function saveAndTime(page: Page, label: string): Promise<number> {
    return page.evaluate(
      (wanted) =>
        new Promise<number>((resolve) => {
          const link = document.querySelector('[data-testid=login-link]')!
          const start = performance.now()
          const observer = new MutationObserver(() => {
            if (link.textContent?.trim() !== wanted) return
            observer.disconnect()
            resolve(performance.now() - start)
          })
          observer.observe(link, { childList: true, characterData: true, subtree: true })
          document.querySelector<HTMLButtonElement>('[data-testid=locale-save]')!.click()
        }),
      label,
    )
  }

  it('switches to French on /locale without a reload, and the server renders the next page in it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 800 } })
    const page = await context.newPage()
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    expect(await text(page, '[data-testid=login-link]')).toBe('Login')
    expect(await page.getAttribute('html', 'lang')).toBe('en-us')
    await page.evaluate((marker) => Object.assign(window, { [marker]: true }), MARKER)

    await page.click('[data-testid=locale-link]')
    await page.waitForURL(/\/locale$/)
    expect(await text(page, 'h1')).toBe('Locale')
    await choose(page, 'fr', 'eur', 'fr')
    await shot(page, 'language-locale-english')
    const switched = await saveAndTime(page, 'Connexion')
    // Logged, not asserted: the figure belongs to `npm run bench -- --only storefront-language`,
    // measured against its baseline (a wall-clock limit fails on a loaded machine).
    console.log(`language switch: header in French ${switched.toFixed(1)} ms after Save`)
    expect(switched).toBeGreaterThan(0)

    // The same document, re-rendered in French: header, menu, <html lang>, the title.
    await page.waitForURL(url('/'))
    expect(await page.evaluate((marker) => marker in window, MARKER)).toBe(true)
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    expect(await page.getAttribute('html', 'dir')).toBeNull()
    expect(await page.locator('.sw-menu a').allTextContents()).toEqual([
      'Accueil',
      'À propos',
      'Contact',
      'Région et langue',
    ])
    expect(await text(page, '[data-testid=locale-link]')).toBe('€ FR')
    await page.waitForFunction(() => document.title === 'Bienvenue | Shopwright')
    // The page's own content: its French variant (webpage/home-fr), fetched in the new language.
    expect(await text(page, 'h1')).toBe('Bienvenue chez Shopwright Test Company')
    await shot(page, 'language-french-home')

    // The locale page itself, now in French: labels, names and a required message.
    await page.click('[data-testid=locale-link]')
    await page.waitForURL(/\/locale$/)
    expect(await page.locator('.sw-field > span:first-child').allTextContents()).toEqual([
      'Pays',
      'Devise',
      'Langue',
    ])
    expect(await page.title()).toBe('Région et langue | Shopwright')
    expect(await text(page, '[data-testid=locale-language] option[value=fr]')).toBe('français')
    expect(await text(page, '[data-testid=locale-country] option[value=de]')).toBe('Allemagne')
    await page.selectOption('[data-testid=locale-country]', '')
    await page.click('[data-testid=locale-save]')
    expect(await text(page, '.sw-field-error:not(:empty)')).toBe('Veuillez faire un choix.')
    await shot(page, 'language-locale-french')
    expect(await page.evaluate((marker) => marker in window, MARKER)).toBe(true)

    // A reload: the server renders French (the cookie), so the raw HTML is French already.
    const reloaded = await page.goto(url('/about'))
    const html = await reloaded!.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<title>À propos | Shopwright</title>')
    expect(html).toMatch(/data-testid="login-link"[^>]*>Connexion</)
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    expect(await text(page, '[data-testid=login-link]')).toBe('Connexion')
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    await context.close()
  })

  it('shows the sign-in and the account area in French, then switches back to English', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 800 } })
    const page = await context.newPage()
    const cookie = { country: 'fr', currency: 'eur', language: 'fr' }
    await context.addCookies([
      {
        name: 'sw_locale',
        value: encodeURIComponent(JSON.stringify(cookie)),
        url: site.server.url,
      },
    ])
    await page.goto(url('/account'))
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    // Not signed in: the login, in French, with French error messages.
    expect(await text(page, 'h1')).toBe('Connexion')
    expect(await text(page, '.sw-field > span')).toBe('E-mail')
    await page.fill('[data-testid=login-email]', 'not an e-mail')
    await page.click('[data-testid=login-next]')
    expect(await text(page, '.sw-field-error')).toBe('Adresse e-mail non valide.')
    await signIn(page, 'ada@example.com', 'wrong-password')
    // A server error in French under a French title.
    expect(await text(page, '#sw-alert-title')).toBe('Connexion impossible')
    expect(await text(page, '[role=alertdialog] p')).toBe('Accès refusé.')
    await page.click('[data-testid=alert-ok]')
    await page.fill('[data-testid=login-password]', 'secret12')
    await page.click('[data-testid=login-submit]')
    await page.waitForURL(url('/account'))
    await page.waitForSelector('.sw-account-menu')
    expect(await page.locator('.sw-account-menu a').allTextContents()).toEqual([
      "Vue d'ensemble",
      'Gérer',
      'Commandes',
      'Factures',
      "Carnet d'adresses",
      'Cartes bancaires',
    ])
    expect(await text(page, '[data-testid=logout]')).toBe('Déconnexion')
    await page.evaluate((marker) => Object.assign(window, { [marker]: true }), MARKER)

    await page.click("text=Carnet d'adresses")
    await page.waitForURL(/\/account\/addressbook$/)
    expect(await page.title()).toBe("Carnet d'adresses | Shopwright")
    expect(await text(page, '[data-testid=address-new]')).toBe('Nouvelle adresse')
    await page.click('[data-testid=address-new]')
    await page.click('[data-testid=address-save]')
    expect(await text(page, '#sw-alert-title')).toBe('Impossible de continuer')
    expect(await text(page, '[role=alertdialog] p')).toBe('Ce champ est obligatoire.')
    await shot(page, 'language-account-french')
    await page.click('[data-testid=alert-ok]')

    await page.click('text=Commandes')
    await page.waitForSelector('[data-testid=orders-empty]')
    expect(await text(page, '[data-testid=orders-empty]')).toBe(
      "Vous n'avez encore aucune commande.",
    )

    // Back to English on /locale: the whole page follows, still without a reload.
    await page.click('[data-testid=locale-link]')
    await page.waitForURL(/\/locale$/)
    await choose(page, 'us', 'usd', 'en-us')
    await page.click('[data-testid=locale-save]')
    await page.waitForURL(url('/'))
    await page.waitForFunction(() => document.documentElement.lang === 'en-us')
    expect(await page.locator('.sw-menu a').allTextContents()).toEqual([
      'Home',
      'About',
      'Contact',
      'Locale',
    ])
    expect(await page.evaluate((marker) => marker in window, MARKER)).toBe(true)
    expect(await page.title()).toBe('Welcome | Shopwright')
    expect(await text(page, 'h1')).toBe('Welcome to Shopwright Test Company')
    await page.click('[data-testid=account-link]')
    await page.waitForSelector('.sw-account-menu')
    expect(await text(page, '[data-testid=logout]')).toBe('Logout')
    await shot(page, 'language-account-english')
    await context.close()
  })
  it('lays a right-to-left language out right to left, rendered so or switched to', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 800 } })
    const page = await context.newPage()
    const logoOnTheRight = async () => {
      const box = await page.locator('.sw-logo').boundingBox()
      return box!.x > 550
    }
    // The cookie's language: the server writes dir="rtl" (no Arabic texts: the phrases show).
    await context.addCookies([
      {
        name: 'sw_locale',
        value: encodeURIComponent(
          JSON.stringify({ country: 'sa', currency: 'usd', language: 'ar' }),
        ),
        url: site.server.url,
      },
    ])
    const response = await page.goto(url('/'))
    expect(await response!.text()).toContain('<html lang="ar" dir="rtl">')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    expect(await logoOnTheRight()).toBe(true)
    await shot(page, 'language-rtl')

    // A choice kept in the browser wins over the cookie's: the page comes from the server in
    // French, left to right, then turns right to left in place once hydrated.
    await context.addCookies([
      {
        name: 'sw_locale',
        value: encodeURIComponent(
          JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }),
        ),
        url: site.server.url,
      },
    ])
    await page.evaluate(() =>
      window.localStorage.setItem(
        'sw.locale',
        JSON.stringify({ country: 'sa', currency: 'usd', language: 'ar' }),
      ),
    )
    const french = await page.reload()
    expect(await french!.text()).toContain('<html lang="fr">')
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    expect(await page.getAttribute('html', 'lang')).toBe('ar')
    expect(await logoOnTheRight()).toBe(true)
    // No Arabic texts in the sets: the default language's, then the phrases.
    expect(await text(page, '[data-testid=login-link]')).toBe('Login')
    await context.close()
  })

  it("follows a first visitor's browser language, page content included, without a reload", async () => {
    const context = await site.browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 1100, height: 800 },
    })
    const page = await context.newPage()
    await page.goto(url('/'))
    // No choice stored yet: the server renders the site's first language, the browser then
    // switches in place to the guessed one, the page's French variant with it.
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent === 'Bienvenue chez Shopwright Test Company',
    )
    expect(await text(page, '[data-testid=login-link]')).toBe('Connexion')
    await context.close()
  })
})
