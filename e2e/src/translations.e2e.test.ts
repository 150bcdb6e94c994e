import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startServer } from '@shopwright/cli/testing'
// The plugin's own LibreTranslate stand-in: it "translates" by tagging texts (`[fr] Save`).
import { startFakeLibreTranslate } from '../../plugins/translations/test/fake-libretranslate.js'
import { saveDownload, SCREENSHOTS, signInThrough } from './browser.js'
import { makeSite, openPage, type Site } from './site.js'

/** The translation editor's browser walk (plugins/translations/README.md, "The table editor"). */
describe('the translation editor in Chromium', () => {
  let site: Site
  let translator: Awaited<ReturnType<typeof startFakeLibreTranslate>>
  let page: Page
  const errors: string[] = []
  const shot = (name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `translations-${name}.png`), fullPage: true })
  const url = (address: string) => site.url(address)

  /** Waits for the editor's save of the `shop` set. */
  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/query/translation/update/shop') && response.status() === 200,
    )
  const rowIds = () =>
    page.$$eval('[data-testid=translation-table] tbody tr[data-testid^=row-]', (rows) =>
      rows.map((row) => row.getAttribute('data-testid')!.slice(4)),
    )
  const menu = async (trigger: string, item: string) => {
    await page.click(`[data-testid=${trigger}]`)
    await page.click(`[data-testid=${item}]`)
  }
  /** Picks a file through the file chooser that a menu item opens. */
  const chooseFile = async (
    trigger: string,
    item: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) => {
    await page.click(`[data-testid=${trigger}]`)
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click(`[data-testid=${item}]`),
    ])
    await chooser.setFiles(file)
  }
  const download = async (trigger: string, item: string) => {
    await page.click(`[data-testid=${trigger}]`)
    const { name, file } = await saveDownload(page, `[data-testid=${item}]`, SCREENSHOTS)
    return { name, text: fs.readFileSync(file, 'utf8') }
  }

  beforeAll(async () => {
    // Auto-Fill must first meet a server without a translation service.
    delete process.env.TRANSLATE_URL
    ;[site, translator] = await Promise.all([
      makeSite({ users: [{ email: 'admin@example.com', roles: 'administrator' }] }),
      startFakeLibreTranslate(),
    ])
    ;({ page } = await openPage(
      site.browser,
      { viewport: { width: 1280, height: 900 }, acceptDownloads: true },
      errors,
    ))
  })
  afterAll(async () => {
    await site?.close()
    await translator?.close()
  })

  it('signs in and opens the translation sets from the menu', async () => {
    await signInThrough(page, url('/data'), 'admin@example.com')
    await page.click('[data-testid=menu-translation]')
    await page.waitForURL(/\/data\/translation$/)
    await page.waitForSelector('[data-testid="row-translation|admin"]')
    for (const set of ['general', 'store', 'account', 'server'])
      expect(await page.isVisible(`[data-testid="row-translation|${set}"]`), set).toBe(true)
    await shot('list')
  })

  it('opens a seeded set in the table editor, ten phrases a page', async () => {
    await page.click('[data-testid="row-translation|admin"]')
    await page.waitForURL(/\/translation\/admin$/)
    await page.waitForSelector('[data-testid=translation-table] tbody tr[data-testid^=row-]')
    expect(await rowIds()).toHaveLength(10)
    expect(await page.isVisible('[data-testid=pages]')).toBe(true)
    expect(await page.isDisabled('[data-testid=delete]')).toBe(true)
    await shot('seeded-set')
  })

  it('creates a set with New, which then opens in the table editor', async () => {
    await page.goto(url('/data/translation'))
    await page.click('[data-testid=new]')
    await page.waitForURL(/\/translation\/new$/)
    await page.fill('[data-testid=field-name] input', 'Shop')
    await page.fill('[data-testid=field-id] input', 'shop')
    // Leaving the id saves at once: the set is created and opens in the table editor.
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL(/\/translation\/shop$/)
    await page.waitForSelector('[data-testid=translation-editor] [data-testid=table-empty]')
    expect(await page.textContent('h1')).toContain('Shop')
  })

  it('sets the languages in the Languages dialog, the first being the default', async () => {
    await page.click('[data-testid=languages]')
    await page.waitForSelector('[data-testid=languages-dialog] [data-testid=languages-select-0]')
    await page.selectOption('[data-testid=languages-select-0]', 'en-us')
    await page.click('[data-testid=languages-add]')
    await page.selectOption('[data-testid=languages-select-1]', 'fr')
    await shot('languages-dialog')
    const save = saved()
    await page.click('[data-testid=dialog-ok]')
    expect((await save).request().postDataJSON()).toEqual({ languages: ['en-us', 'fr'] })
    await page.waitForSelector('[data-testid=column-menu-fr]')
    expect(await page.isVisible('[data-testid=column-menu-en-us]')).toBe(true)
  })

  it('adds rows, saves a cell when it is left, and flags a duplicate phrase', async () => {
    for (const [index, phrase] of ['Save', 'Cancel', 'Save'].entries()) {
      const added = saved()
      await page.click('[data-testid=new]')
      await added
      const box = `[data-testid=phrase-${index}]`
      await page.waitForSelector(`${box}:focus`)
      const typed = saved()
      // The phrase is trimmed on edit.
      await page.keyboard.type(` ${phrase} `)
      await page.keyboard.press('Tab')
      expect((await typed).request().postDataJSON()).toEqual({
        changes: [{ id: String(index), phrase }],
      })
    }
    expect(await page.getAttribute('[data-testid=phrase-0]', 'data-warning')).toBe('true')
    expect(await page.getAttribute('[data-testid=phrase-2]', 'data-warning')).toBe('true')
    expect(await page.getAttribute('[data-testid=phrase-1]', 'data-warning')).toBeNull()
    // The translation boxes show the phrase as their placeholder.
    expect(await page.getAttribute('[data-testid=text-1-fr]', 'placeholder')).toBe('Cancel')

    const cell = saved()
    await page.fill('[data-testid=text-0-fr]', 'Enregistrer')
    await page.press('[data-testid=text-0-fr]', 'Tab')
    // Only the cell that changed is sent.
    expect((await cell).request().postDataJSON()).toEqual({
      changes: [{ id: '0', translations: { fr: 'Enregistrer' } }],
    })
    await page.fill('[data-testid=text-1-fr]', 'Annuler')
    const second = saved()
    await page.click('h1')
    await second
    await shot('duplicate')
    await page.reload()
    await page.waitForSelector('[data-testid=text-0-fr]')
    expect(await page.inputValue('[data-testid=text-0-fr]')).toBe('Enregistrer')
    expect(await page.inputValue('[data-testid=text-1-fr]')).toBe('Annuler')
  })

  it('deletes the selected row after the confirmation, and clears the selection', async () => {
    await page.check('[data-testid=row-check-2]')
    expect(await page.isDisabled('[data-testid=delete]')).toBe(false)
    await page.click('[data-testid=delete]')
    expect(await page.textContent('dialog[open]')).toContain(
      'Are you sure you want to delete this record?',
    )
    const removed = saved()
    await page.click('[data-testid=dialog-ok]')
    expect((await removed).request().postDataJSON()).toEqual({ remove: ['2'] })
    await page.waitForSelector('[data-testid=row-2]', { state: 'detached' })
    expect(await page.isDisabled('[data-testid=delete]')).toBe(true)
    expect(await page.isChecked('[data-testid=select-all]')).toBe(false)
    expect(await page.getAttribute('[data-testid=phrase-0]', 'data-warning')).toBeNull()
  })

  it('sorts the phrases from the phrase menu', async () => {
    expect(await rowIds()).toEqual(['0', '1'])
    const sorted = saved()
    await menu('phrase-menu', 'sort')
    await sorted
    expect(await rowIds()).toEqual(['1', '0'])
  })

  it('exports the set and one language as CSV', async () => {
    const all = await download('phrase-menu', 'export-all')
    expect(all.name).toBe('translation.csv')
    expect(all.text).toBe(
      '"Phrase","en-us","fr"\r\n"Cancel","","Annuler"\r\n"Save","","Enregistrer"\r\n',
    )
    const french = await download('column-menu-fr', 'export-fr')
    expect(french.name).toBe('translation fr.csv')
    expect(french.text.split('\r\n')[0]).toBe('"Phrase","fr"')
  })

  it('imports a CSV file through the file chooser', async () => {
    await chooseFile('phrase-menu', 'import-all', {
      name: 'more.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('"Phrase","fr"\r\n"Delete","Supprimer"\r\n"Save","Sauver"\r\n'),
    })
    await page.waitForSelector('[data-testid=phrase-2]')
    expect(await page.inputValue('[data-testid=phrase-2]')).toBe('Delete')
    expect(await page.inputValue('[data-testid=text-2-fr]')).toBe('Supprimer')
    expect(await page.inputValue('[data-testid=text-0-fr]')).toBe('Sauver')
    expect(await page.textContent('[data-testid=translation-status]')).toBe(
      'more.csv: 1 added, 1 updated.',
    )
    await shot('imported')
  })

  it('refuses a file that is not CSV with the spec message', async () => {
    await chooseFile('column-menu-fr', 'import-fr', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    })
    await page.waitForSelector('text=The file must be a comma-separated values file (.csv).')
    expect(await page.textContent('dialog[open] h2')).toBe('Unable to Import')
    await shot('import-refused')
    await page.click('[data-testid=dialog-ok]')
  })

  it('clears a language after its confirmation', async () => {
    await menu('column-menu-fr', 'clear-fr')
    expect(await page.textContent('dialog[open]')).toContain('Clear these translations?')
    const cleared = saved()
    await page.click('[data-testid=dialog-ok]')
    expect((await cleared).request().postDataJSON()).toEqual({ clear: 'fr' })
    await page.waitForFunction(() =>
      Array.from(
        document.querySelectorAll<HTMLTextAreaElement>('textarea[data-testid$="-fr"]'),
      ).every((box) => box.value === ''),
    )
  })

  it("shows 'Unable to Translate' for an Auto-Fill without a translation service", async () => {
    await menu('column-menu-fr', 'autofill-fr')
    await page.waitForSelector('[data-testid=translate-error]')
    expect(await page.textContent('dialog[open] h2')).toBe('Unable to Translate')
    expect(await page.textContent('[data-testid=translate-error]')).toContain(
      'Machine translation is not set up: the server needs TRANSLATE_URL.',
    )
    await shot('autofill-unconfigured')
    await page.click('[data-testid=dialog-ok]')
  })

  it('fills a language by Auto-Fill through a LibreTranslate server', async () => {
    await site.server.stop()
    site.server = await startServer(site.cwd, { TRANSLATE_URL: translator.url })
    // The session lives in the database: the browser is still signed in.
    await page.goto(url('/translation/shop'))
    await page.waitForSelector('[data-testid=text-0-fr]')
    await menu('column-menu-fr', 'autofill-fr')
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=text-2-fr]') as HTMLTextAreaElement | null)?.value ===
        '[fr] Delete',
    )
    expect(await page.inputValue('[data-testid=text-0-fr]')).toBe('[fr] Save')
    expect(await page.inputValue('[data-testid=text-1-fr]')).toBe('[fr] Cancel')
    expect(await page.textContent('[data-testid=translation-status]')).toBe(
      'Auto-Fill: 3 translations added in fr.',
    )
    // From the default language, en-us, which the service knows as en.
    expect(translator.requests).toEqual([
      expect.objectContaining({ source: 'en', target: 'fr', q: ['Cancel', 'Save', 'Delete'] }),
    ])
    await shot('autofill')
  })

  it('shows a right-to-left language right-to-left', async () => {
    await page.click('[data-testid=languages]')
    await page.waitForSelector('[data-testid=languages-select-1]')
    await page.click('[data-testid=languages-add]')
    await page.selectOption('[data-testid=languages-select-2]', 'ar')
    const save = saved()
    await page.click('[data-testid=dialog-ok]')
    await save
    await page.waitForSelector('[data-testid=text-0-ar]')
    expect(await page.getAttribute('[data-testid=text-0-ar]', 'dir')).toBe('rtl')
    expect(await page.getAttribute('[data-testid=text-0-fr]', 'dir')).toBeNull()
    await page.fill('[data-testid=text-0-ar]', 'حفظ')
    await page.click('h1')
    await shot('right-to-left')
  })

  it('speaks French when the admin does', async () => {
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-fr]')
    await page.waitForSelector('[data-testid=new]:has-text("Nouveau")')
    expect(await page.textContent('[data-testid=languages]')).toContain('Langues')
    expect(await page.textContent('[data-testid=translation-table] thead')).toContain('Expression')
    await page.click('[data-testid=column-menu-fr]')
    expect(await page.textContent('[data-testid=column-menu-fr-popup]')).toContain(
      'Remplissage automatique',
    )
    await shot('french-menu')
    await page.keyboard.press('Escape')
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-en-us]')
    await page.waitForSelector('[data-testid=new]:has-text("New")')
  })

  it('raised no script errors on any page', () => {
    expect(errors).toEqual([])
  })
})
