import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { axeProblems, type AxeProblem } from './axe.js'
import { collectErrors, SCREENSHOTS, signIn } from './browser.js'
import { makeSite, type Site, type SiteUser } from './site.js'

/** The two widths issue 18 asks for: a laptop and a phone. */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * Every admin screen of the default plugins, as a member of staff opens them: the menu's entries,
 * the home, and the screens rows and links lead to.
 */
const SCREENS = [
  '/admin',
  '/orders',
  '/data',
  '/data/recordtype',
  '/data/listtype',
  '/configuration',
  '/data/translation',
  '/drive',
  '/sessions',
  '/memory',
  '/data/security',
  '/security',
  '/insights',
  '/insights/live',
  '/billing',
  '/log',
  '/bin',
  '/data/customer',
  '/data/recordtype/customer',
  '/data/listtype/language',
  '/configuration/web',
  '/data/security/admin',
  '/data/item',
  '/data/item/classic-tee',
  '/translation/admin',
] as const

/** Staff of two kinds and a shopper, for who lands where after signing in. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'admin@example.com', roles: 'administrator' },
  { email: 'office@example.com', roles: 'office' },
  { email: 'shopper@example.com', type: 'customer' },
]

/** The admin's frame: the shell, its home, titles, 404s and the phone drawer (issue 18, points 5, 6 and 8). */
describe('the admin shell in Chromium', () => {
  let site: Site
  const errors: string[] = []
  const url = (address: string) => site.url(address)
  const contexts: BrowserContext[] = []

  /** A signed-in page at a width, through the storefront's sign-in with no `next`. */
  async function staffPage(width: (typeof WIDTHS)[number], email = 'admin@example.com') {
    const context = await site.browser.newContext({
      viewport: { width: width.width, height: width.height },
    })
    contexts.push(context)
    const page = await context.newPage()
    collectErrors(page, errors)
    await page.goto(url('/login'))
    await signIn(page, email)
    return page
  }

  beforeAll(async () => {
    site = await makeSite({ users: ACCOUNTS })
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await site?.close()
  })

  it('lands staff in the admin after signing in, and shows them an Admin link in the shop', async () => {
    const page = await staffPage(WIDTHS[0], 'office@example.com')
    await page.waitForURL((address) => address.pathname === '/admin')
    // The dashboard: the office's shop cards (they keep the orders), each painted.
    await page.waitForSelector('[data-testid=orders-card]:not([aria-busy])')
    await page.waitForSelector('[data-testid=low-stock-card]:not([aria-busy])')
    await page.goto(url('/'))
    const link = page.locator('[data-testid=admin-link]')
    expect(await link.getAttribute('href')).toBe('/admin')
    await link.click()
    await page.waitForURL((address) => address.pathname === '/admin')
    expect(errors).toEqual([])
  })

  it('lands a shopper on the shop, with no Admin link', async () => {
    const page = await staffPage(WIDTHS[0], 'shopper@example.com')
    await page.waitForURL((address) => address.pathname === '/')
    await page.waitForSelector('[data-testid=account-link]')
    expect(await page.locator('[data-testid=admin-link]').count()).toBe(0)
  })

  it('answers unknown admin addresses with a real 404, drawn inside the shell', async () => {
    const page = await staffPage(WIDTHS[0])
    await page.waitForURL((address) => address.pathname === '/admin')
    for (const address of ['/data/customer/1/nothing', '/configuration/web/x', '/bin/x']) {
      const answer = await page.goto(url(address))
      expect(answer?.status(), address).toBe(404)
      await page.waitForSelector('[data-testid=error-view]')
      expect(await page.textContent('[data-testid=error-view]')).toContain('Page not Found')
      expect(await page.isVisible('[data-testid=account-name]')).toBe(true)
      // The web configuration's title suffix ends every admin title once the site's settings load.
      await expect.poll(() => page.title()).toBe('Page not Found · Shopwright admin | Shopwright')
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-404.png') })
    // An address in no plugin's area is the storefront's 404.
    expect((await page.goto(url('/nowhere/at/all')))?.status()).toBe(404)
  })

  it('opens at the admin home with a card for every screen the user may open', async () => {
    const page = await staffPage(WIDTHS[0], 'office@example.com')
    await page.waitForURL((address) => address.pathname === '/admin')
    await page.goto(url('/admin'))
    await page.waitForSelector('.sw-admin-home-cards a')
    const cards = await page.$$eval('.sw-admin-home-cards a', (links) =>
      links.map((link) => link.getAttribute('href')),
    )
    const menu = await page.$$eval('#sw-admin-menu a', (links) =>
      links.map((link) => link.getAttribute('href')),
    )
    // Office staff view the data screens and translations only (the seeded security records).
    expect(cards).toEqual(menu)
    expect(cards).toContain('/data')
    expect(cards).not.toContain('/memory')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-home.png') })
  })

  for (const width of WIDTHS)
    it(`gives every screen its own title, fits ${width.width} px and passes axe-core (${width.name})`, async () => {
      const page = await staffPage(width)
      await page.waitForURL((address) => address.pathname === '/admin')
      const titles = new Map<string, string>()
      const problems: Array<AxeProblem & { screen: string }> = []
      const wide: string[] = []
      for (const screen of SCREENS) {
        await page.goto(url(screen))
        await page.waitForSelector('.sw-admin-main > *:not(.sw-muted)')
        await page.waitForLoadState('networkidle')
        titles.set(screen, await page.title())
        // Nothing wider than the screen: the elements that reach past it, named for the report.
        const past = await page.evaluate(() => {
          const width = document.documentElement.clientWidth
          if (document.documentElement.scrollWidth <= width) return []
          return Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((element) => element.getBoundingClientRect().right > width + 1)
            .filter((element) => !element.parentElement?.closest('.sw-scroll-x, .sw-table-wrap'))
            .slice(0, 3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        })
        if (past.length) wide.push(`${screen}: ${past.join(', ')}`)
        for (const problem of await axeProblems(page)) problems.push({ screen, ...problem })
        await page.screenshot({
          path: path.join(
            SCREENSHOTS,
            `admin-shell-${width.name}${screen.replace(/\//g, '-')}.png`,
          ),
        })
      }
      expect(problems).toEqual([])
      expect(wide).toEqual([])
      // Each screen is named for itself: no two share a title, none is the bare admin name.
      const named = [...titles.values()]
      expect(new Set(named).size, JSON.stringify([...titles])).toBe(named.length)
      expect(named).not.toContain('Shopwright admin')
      expect(errors).toEqual([])
      // Two dozen screens, each painted, idle and checked by axe: minutes on a busy machine.
    }, 240_000)

  it('creates a new record only once it is valid, and shows Saving, Saved and Unsaved', async () => {
    const page = await staffPage(WIDTHS[0])
    await page.waitForURL((address) => address.pathname === '/admin')
    const creates: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/query/data/create')) creates.push(request.url())
    })
    await page.goto(url('/data/recordtype/new'))
    await page.waitForSelector('[data-testid=record-editor]')
    await page.fill('[data-testid=field-name] input', 'Widget')
    expect(await page.getAttribute('[data-testid=save-state]', 'data-status')).toBe('unsaved')
    // The autosave comes (5 s after the change) and finds the id missing: a type is named by hand.
    await page.waitForSelector('[data-testid=save-state][data-status=invalid]', { timeout: 15_000 })
    expect(await page.textContent('[data-testid=save-state]')).toContain('1 field needs attention')
    expect(await page.textContent('[data-testid=error-id]')).toBe('A value is required.')
    expect(creates).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-save-invalid.png') })
    // With an id, leaving its input creates the type at once, and the state says when.
    await page.fill('[data-testid=field-id] input', 'widget')
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL((address) => address.pathname === '/data/recordtype/widget')
    await page.waitForSelector('[data-testid=save-state][data-status=saved]')
    expect(await page.textContent('[data-testid=save-state]')).toMatch(/Saved at \d/)
    expect(creates).toHaveLength(1)
    await page.fill('[data-testid=field-description] textarea', 'Things we make.')
    expect(await page.getAttribute('[data-testid=save-state]', 'data-status')).toBe('unsaved')
    await page.waitForSelector('[data-testid=save-state][data-status=saved]', { timeout: 15_000 })
    expect(await axeProblems(page)).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-save-saved.png') })
  })

  it('picks an icon from the set, a security record by name and a datatype by what it holds', async () => {
    const page = await staffPage(WIDTHS[0])
    await page.waitForURL((address) => address.pathname === '/admin')
    await page.goto(url('/data/recordtype/widget'))
    await page.waitForSelector('[data-testid=record-editor]')
    // The icon: a searchable grid of the set, in a dialog that holds the focus.
    await page.click('[data-testid=field-icon] [data-testid=icon-choose]')
    await page.waitForSelector('dialog[open] [data-testid=icon-search]')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'icon-search',
    )
    await page.fill('[data-testid=icon-search]', 'ear')
    expect(await page.locator('[data-testid=icon-choices] button').count()).toBeGreaterThan(0)
    expect(await axeProblems(page)).toEqual([])
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-icon-picker.png') })
    await page.click('[data-testid=icon-earth]')
    expect(await page.inputValue('[data-testid=field-icon] input')).toBe('earth')
    expect(await page.locator('[data-testid=field-icon] svg[data-icon=earth]').count()).toBe(1)
    // The security record: chosen among the security records, stored as its id.
    const security = page.locator('[data-testid=field-security] select')
    expect(await security.locator('option[value=admin]').count()).toBe(1)
    await security.selectOption('catalogue')
    await page.waitForSelector('[data-testid=save-state][data-status=saved]', { timeout: 15_000 })
    const stored = await page.evaluate(async () => {
      const answer = await fetch('/query/data/get/recordtype/widget', {
        headers: { accept: 'application/json', device: 'e2e' },
      })
      return (await answer.json()) as { icon?: string; security?: string }
    })
    expect(stored).toMatchObject({ icon: 'earth', security: 'catalogue' })
    // A field's datatype: by name and what it holds, not by its id.
    await page.goto(url('/data/recordtype/customer'))
    const datatype = page.locator('[data-testid=field-datatype-0]')
    await datatype.waitFor()
    expect(await datatype.locator('option').allTextContents()).toContain(
      'Whole Number: a number without decimals',
    )
    expect(await datatype.locator('option[value=integer]').textContent()).toBe(
      'Whole Number: a number without decimals',
    )
  })

  it('opens the menu as a drawer on a phone, with the page behind it inert', async () => {
    const page = await staffPage(WIDTHS[1])
    await page.waitForURL((address) => address.pathname === '/admin')
    await page.waitForSelector('[data-testid=admin-home]')
    // The menu's entries are drawn once the caller's rights arrive; opening the drawer before
    // would leave no entry to move the focus to.
    await page.waitForSelector('#sw-admin-menu a', { state: 'attached' })
    expect(await page.isVisible('#sw-admin-menu')).toBe(false)
    await page.click('[data-testid=admin-menu-button]')
    await page.waitForFunction(() => document.activeElement?.closest('#sw-admin-menu') !== null)
    expect(await page.getAttribute('main', 'inert')).not.toBeNull()
    // The drawer slides in: the picture is taken once it is there. Only the drawer's own
    // animations count: the home's loading shimmer runs for as long as its figures load.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target
          return target instanceof Element && target.closest('#sw-admin-menu') !== null
        })
        .every((animation) => animation.playState !== 'running'),
    )
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-shell-phone-drawer.png') })
    expect(await axeProblems(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await page.getAttribute('main', 'inert')).toBeNull()
    await page.click('[data-testid=admin-menu-button]')
    await page.click('[data-testid=menu-lists]')
    await page.waitForURL((address) => address.pathname === '/data/listtype')
    // A choice closes the drawer (it slides out, then hides).
    await page.locator('#sw-admin-menu').waitFor({ state: 'hidden' })
  })
})
