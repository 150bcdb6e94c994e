import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import { collectErrors, screenshot, signInThrough, siteDatabases } from './browser.js'
import { makeSite, type Site } from './site.js'

/** The two widths issue 18 asks for, each on a sample page of its own. */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900, page: 'code25home' },
  { name: 'phone', width: 390, height: 844, page: 'code25gallery' },
] as const

const EDITOR = '[data-testid=field-content] .ProseMirror'

/**
 * Waits until the editor has taken in a selection the keyboard moved: the browser reports it with
 * a selectionchange event, a task already queued, and a key typed before it lands where it was.
 */
const selectionSeen = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done))))

/** The rich-text field of issue 18, point 1: toolbar, source view and the server's cleaning. */
for (const database of siteDatabases())
  describe.skipIf(database.skip)(`the rich-text editor in Chromium (${database.name})`, () => {
    let site: Site
    const contexts: BrowserContext[] = []
    const errors: string[] = []
    const url = (address: string) => site.url(address)

    beforeAll(async () => {
      site = await makeSite({
        database,
        users: [{ email: 'admin@example.com', roles: 'administrator' }],
      })
    })
    afterAll(async () => {
      for (const context of contexts) await context.close()
      await site?.close()
    })

    /** The page record's editor, signed in, at a width, once the editor's chunk has loaded. */
    async function openPage(width: { width: number; height: number; page: string }): Promise<Page> {
      const context = await site.browser.newContext({
        viewport: { width: width.width, height: width.height },
      })
      contexts.push(context)
      const page = await context.newPage()
      collectErrors(page, errors, { console: true })
      // A script that ran would open a dialog: none may.
      page.on('dialog', (dialog) => {
        errors.push(`dialog: ${dialog.message()}`)
        void dialog.dismiss()
      })
      await signInThrough(page, url(`/data/webpage/${width.page}`), 'admin@example.com')
      await page.waitForSelector(EDITOR)
      return page
    }

    /**
     * The autosave's save of the page's draft (5 s after the last change; web pages have drafts,
     * docs/history.md), then Saved beside the title.
     */
    async function saved(page: Page, id: string, change: () => Promise<void>): Promise<void> {
      const update = page.waitForResponse(
        (response) => response.url().endsWith(`/query/data/draft/save/webpage/${id}`),
        { timeout: 30_000 },
      )
      await change()
      expect((await update).status()).toBe(200)
      await page.waitForSelector('[data-testid=save-state][data-status=saved]')
    }

    /** The page's content as the server stored it in its draft. */
    const stored = (page: Page, id: string) =>
      page.evaluate(async (address) => {
        const answer = await fetch(address)
        return ((await answer.json()) as { record: { content?: string } }).record.content ?? null
      }, `/query/data/draft/get/webpage/${id}`)

    const shot = (page: Page, name: string) =>
      screenshot(page, `rich-text-${database.name}-${name}`)

    for (const width of WIDTHS)
      it(`makes typed text a bold link, keeps it, and cleans a script from the source (${width.name})`, async () => {
        const page = await openPage(width)
        const id = width.page

        // Type at the end, select what was typed, make it bold from the toolbar and link it.
        await page.click(EDITOR)
        await page.keyboard.press('Control+End')
        await selectionSeen(page)
        await page.keyboard.type(' Bold words')
        for (let step = 0; step < 'Bold words'.length; step++)
          await page.keyboard.press('Shift+ArrowLeft')
        await page.click('[data-testid=rich-text-bold]')
        expect(await page.getAttribute('[data-testid=rich-text-bold]', 'aria-pressed')).toBe('true')
        await page.click('[data-testid=rich-text-link]')
        await page.fill('[data-testid=rich-text-link-address]', '/about')

        // The toolbar wraps: nothing is wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        await shot(page, `toolbar-${width.name}`)
        expect(await axeProblems(page)).toEqual([])
        await saved(page, id, () => page.press('[data-testid=rich-text-link-address]', 'Enter'))

        await page.reload()
        await page.waitForSelector(EDITOR)
        const kept = await stored(page, id)
        expect(kept).toMatch(/<strong>(<a href="\/about">)?Bold words/)
        expect(kept).toContain('<a href="/about">')
        expect(await page.textContent(`${EDITOR} strong`)).toBe('Bold words')
        expect(await page.textContent(`${EDITOR} a[href="/about"]`)).toBe('Bold words')

        // The source view: what is typed there is sent as it is, and the server cleans it.
        await page.click('[data-testid=rich-text-source]')
        const source = '[data-testid=rich-text-source-text]'
        expect(await page.inputValue(source)).toBe(kept)
        await shot(page, `source-${width.name}`)
        expect(await axeProblems(page)).toEqual([])
        await saved(page, id, () => page.fill(source, '<p>x<script>alert(1)</script></p>'))
        // The save's answer, cleaned, replaces what was typed, without a reload.
        await page.waitForFunction(
          (selector) => document.querySelector<HTMLTextAreaElement>(selector)?.value === '<p>x</p>',
          source,
        )
        await page.reload()
        await page.waitForSelector(EDITOR)
        expect(await stored(page, id)).toBe('<p>x</p>')
        expect(await page.innerHTML(EDITOR)).toBe('<p>x</p>')
        expect(errors).toEqual([])
      })

    it('links an item chosen by its name from the link row, at phone width', async () => {
      const page = await openPage({ ...WIDTHS[1], page: 'about' })
      // An item on sale (one that is not has no page for shoppers yet), named by its display name.
      const item = await page.evaluate(async () => {
        const answer = await fetch('/query/data/list/item?pagesize=100')
        type Item = {
          id: string
          name: string
          displayname?: string
          online?: boolean
          parent?: unknown
        }
        const { list } = (await answer.json()) as { list: Item[] }
        const shown = list.find((each) => each.online === true && !each.parent)!
        return { id: shown.id, name: shown.displayname ?? shown.name }
      })
      await page.click(EDITOR)
      await page.keyboard.press('Control+End')
      await selectionSeen(page)
      await page.keyboard.press('Enter')
      await page.keyboard.type('See also ')
      await page.click('[data-testid=rich-text-link]')
      await page.click('[data-testid=rich-text-link-choose]')
      // The kinds of page the site has, then the record, searched by its name.
      await page.selectOption('[data-testid=page-link-type]', 'item')
      const search = '[data-testid=page-link-picker] [role=combobox]'
      await page.click(search)
      await page.keyboard.type(item.name.split(' ')[0]!)
      const option = page.locator('[data-testid=page-link-picker] [role=option]', {
        hasText: item.name,
      })
      await option.first().waitFor()
      await shot(page, 'link-choose-phone')
      expect(await axeProblems(page)).toEqual([])
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await saved(page, 'about', () => option.first().click())
      const href = `/item/${encodeURIComponent(item.id)}`
      // Linked at once, by its page's address, and named by its name (no text was selected).
      expect(await page.textContent(`${EDITOR} a[href="${href}"]`)).toBe(item.name)
      expect(await stored(page, 'about')).toContain(`See also <a href="${href}">`)
      // With the cursor in it, the link row names the record the link goes to.
      await page.click(`${EDITOR} a[href="${href}"]`)
      await page.click('[data-testid=rich-text-link]')
      const target = page.locator('[data-testid=page-link-target]')
      await target.waitFor()
      expect(await target.textContent()).toBe(`Goes to ${item.name} (Item)`)
      await shot(page, 'link-target-phone')
      await page.keyboard.press('Escape')
      // The address leads to the item's page.
      const shop = await page.context().newPage()
      expect((await shop.goto(url(href)))?.status()).toBe(200)
      await shop.close()
      expect(errors).toEqual([])
    })

    it('puts a table and a picture from the drive, with its alternative text, in a page', async () => {
      const page = await openPage(WIDTHS[0])
      const id = WIDTHS[0].page
      await page.click(EDITOR)
      await page.keyboard.press('Control+End')
      await selectionSeen(page)
      await page.keyboard.press('Enter')
      // A table with a header row; inside it, the toolbar offers its rows and columns.
      await page.click('[data-testid=rich-text-table]')
      await page.keyboard.type('Size')
      await page.keyboard.press('Tab')
      await page.keyboard.type('Price')
      expect(await page.isVisible('[data-testid=rich-text-row-after]')).toBe(true)
      await page.click('[data-testid=rich-text-column-remove]')
      // A picture from the drive's public folder, which must say what it shows.
      await page.keyboard.press('Control+End')
      await selectionSeen(page)
      await page.click('[data-testid=rich-text-image]')
      await page.click('[data-testid=browse-rich-text-image-file]')
      await page.click('[data-testid="picker-open-public/catalogue"]')
      const first = page.locator('[data-testid^="picker-check-public/catalogue/"]').first()
      await first.waitFor()
      await first.click()
      await page.click('dialog[open] button:text-is("Select")')
      await expect
        .poll(() => page.inputValue('[data-testid=path-rich-text-image-file]'))
        .toMatch(/^public\/catalogue\//)
      await page.click('[data-testid=rich-text-image-apply]')
      expect(await page.textContent('[data-testid=rich-text-image-problem]')).toBe(
        'Describe the picture for people who cannot see it.',
      )
      await page.fill('[data-testid=rich-text-image-alt]', 'Our shop in winter')
      expect(await axeProblems(page)).toEqual([])
      await saved(page, id, () => page.click('[data-testid=rich-text-image-apply]'))
      await shot(page, 'table-picture')
      const kept = await stored(page, id)
      // The column of Price was deleted; the server keeps no widths.
      expect(kept).toContain('<table><tbody><tr><th><p>Size</p></th><th><p></p></th></tr>')
      expect(kept).not.toContain('Price')
      expect(kept).toMatch(
        /<img src="\/query\/drive\/load\/public\/catalogue\/[^"]+" alt="Our shop in winter" \/>/,
      )
      expect(await page.isVisible(`${EDITOR} table`)).toBe(true)
      expect(await page.getAttribute(`${EDITOR} img`, 'alt')).toBe('Our shop in winter')
      expect(errors).toEqual([])
    })
  })
