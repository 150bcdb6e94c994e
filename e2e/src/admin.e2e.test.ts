import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { saveDownload, screenshot, SCREENSHOTS, signInThrough } from './browser.js'
import { makeSite, openPage, type Site } from './site.js'

/** The admin issue's browser walk: a record type, a record, autosave, rename, bin, export/import, rights. */
describe('the admin in Chromium', () => {
  let site: Site
  let page: Page
  const errors: string[] = []
  const shot = (name: string) => screenshot(page, `admin-${name}`)
  const url = (address: string) => site.url(address)

  const signIn = (target: Page, email: string) => signInThrough(target, url('/data'), email)

  /** Waits for the autosave's update call of a record (5 s after the last change). */
  const saved = (type: string, id: string) =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith(`/query/data/update/${type}/${id}`) && response.status() === 200,
      { timeout: 30_000 },
    )

  beforeAll(async () => {
    site = await makeSite({
      users: [
        { email: 'admin@example.com', roles: 'administrator' },
        { email: 'office@example.com', roles: 'office' },
      ],
    })
    ;({ page } = await openPage(
      site.browser,
      {
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      },
      errors,
    ))
  })
  afterAll(() => site?.close())

  it('sends a signed-out visitor to the login and back after the two steps', async () => {
    await page.goto(url('/data'))
    await page.waitForURL(/\/login\?next=%2Fdata/)
    await shot('login-email')
    await page.fill('[data-testid=login-email]', 'admin@example.com')
    await page.click('[data-testid=login-next]')
    await page.waitForSelector('[data-testid=login-password]')
    await shot('login-password')
    await page.fill('[data-testid=login-password]', 'secret12')
    await page.click('[data-testid=login-submit]')
    await page.waitForURL(/\/data$/)
    await page.waitForSelector('[data-testid=row-customer]')
    expect(await page.textContent('[data-testid=account-name]')).toBe('admin')
    for (const entry of ['data', 'types', 'lists', 'configuration', 'security', 'bin'])
      expect(await page.isVisible(`[data-testid=menu-${entry}]`), entry).toBe(true)
    await shot('data')
  })

  it('creates a record type with text, integer, email, list and record fields', async () => {
    await page.goto(url('/data/recordtype/new'))
    await page.waitForSelector('[data-testid=record-editor]')
    await page.fill('[data-testid=field-id] input', 'gadget')
    await page.fill('[data-testid=field-name] input', 'Gadget')
    // Leaving the id saves at once: the record is created and the address follows it.
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL(/\/data\/recordtype\/gadget$/)

    const fields: Array<[string, string, string, string?]> = [
      ['title', 'Title', 'text'],
      ['count', 'Count', 'integer'],
      ['contact', 'Contact', 'email'],
      ['language', 'Language', 'list', 'language'],
      ['origin', 'Origin', 'record', 'country'],
    ]
    const updated = saved('recordtype', 'gadget')
    for (const [index, [id, name, datatype, refersTo]] of fields.entries()) {
      await page.click('[data-testid=field-add]')
      await page.fill(`[data-testid=field-id-${index}]`, id)
      await page.fill(`[data-testid=field-name-${index}]`, name)
      await page.selectOption(`[data-testid=field-datatype-${index}]`, datatype)
      if (refersTo) {
        await page.waitForSelector(
          `[data-testid=field-refers-${index}] option[value="${refersTo}"]`,
          {
            state: 'attached',
          },
        )
        await page.selectOption(`[data-testid=field-refers-${index}]`, refersTo)
      }
    }
    await page.check('[data-testid=field-row-0] input[aria-label="In List 1"]')
    await updated
    await shot('record-type')
    await page.reload()
    await page.waitForSelector('[data-testid=field-row-4]')
    expect(await page.inputValue('[data-testid=field-id-4]')).toBe('origin')
    // The list of types a field may refer to loads after the row: until it has, the select has
    // no option to show its value with.
    await page.waitForSelector('[data-testid=field-refers-4] option[value="country"]', {
      state: 'attached',
    })
    expect(await page.inputValue('[data-testid=field-refers-4]')).toBe('country')
  })

  it('creates a record, shows a field error for a bad e-mail, and autosaves without a save button', async () => {
    await page.goto(url('/data/gadget'))
    await page.click('[data-testid=new]')
    await page.waitForURL(/\/data\/gadget\/new$/)
    await page.fill('[data-testid=field-title] input', 'First gadget')
    await page.fill('[data-testid=field-contact] input', 'not-an-email')
    expect(await page.textContent('[data-testid=error-contact]')).toBe('Invalid email address.')
    await shot('record-error')
    await page.fill('[data-testid=field-contact] input', 'maker@example.com')
    expect(await page.textContent('[data-testid=error-contact]')).toBe('')
    await page.fill('[data-testid=field-count] input', '12')
    await page.selectOption('[data-testid=field-language] select', 'fr')
    // A record field is a search box over every record of its type (issue 35).
    await page.fill('[data-testid=field-origin] [role=combobox]', 'fran')
    await page.waitForSelector('[data-testid=field-origin] [role=option] >> text=France')
    await page.press('[data-testid=field-origin] [role=combobox]', 'Enter')
    await page.fill('[data-testid=field-id] input', 'g1')
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL(/\/data\/gadget\/g1$/)

    const updated = saved('gadget', 'g1')
    await page.fill('[data-testid=field-title] input', 'First gadget, renamed')
    // Only the changed field is sent.
    expect((await updated).request().postDataJSON()).toEqual([
      { field: 'title', value: 'First gadget, renamed' },
    ])
    await page.reload()
    await page.waitForSelector('[data-testid=field-title] input')
    expect(await page.inputValue('[data-testid=field-title] input')).toBe('First gadget, renamed')
    expect(await page.inputValue('[data-testid=field-count] input')).toBe('12')
    // The chosen record shows by name, its id in small type under it.
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            '[data-testid=field-origin] [role=combobox]',
          ) as HTMLInputElement | null
        )?.value === 'France',
    )
    expect(await page.textContent('[data-testid=field-origin] [data-testid=picked-id]')).toBe('fr')
    await shot('record')
  })

  it('saves a pending change when the user leaves the page, and when the tab closes', async () => {
    // Leaving through the menu: the editor unmounts and saves at once, well before 5 s.
    const left = saved('gadget', 'g1')
    await page.fill('[data-testid=field-count] input', '13')
    await page.click('[data-testid=menu-data]')
    await left
    // Closing the tab: a keepalive request outlives the page.
    const tab = await page.context().newPage()
    await tab.goto(url('/data/gadget/g1'))
    await tab.waitForSelector('[data-testid=field-count] input')
    await tab.fill('[data-testid=field-count] input', '14')
    await tab.close({ runBeforeUnload: true })
    let count: unknown
    for (let attempt = 0; attempt < 50 && count !== 14; attempt++) {
      count = await page.evaluate(async () => {
        const answer = await fetch('/query/data/get/gadget/g1')
        return ((await answer.json()) as { count?: unknown }).count
      })
      if (count !== 14) await page.waitForTimeout(100)
    }
    expect(count).toBe(14)
    await page.goto(url('/data/gadget/g1'))
    await page.waitForSelector('[data-testid=field-id] input')
  })

  it('renames the record and the address follows', async () => {
    await page.fill('[data-testid=field-id] input', 'g2')
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL(/\/data\/gadget\/g2$/)
    await page.reload()
    expect(await page.inputValue('[data-testid=field-id] input')).toBe('g2')
  })

  it('bins the record, restores it, and deletes it for good', async () => {
    await page.click('[data-testid=delete]')
    await page.click('[data-testid=dialog-ok]')
    await page.waitForURL(/\/data\/gadget$/)
    await page.waitForSelector('[data-testid=table-empty]')
    await page.click('[data-testid=menu-bin]')
    await page.waitForSelector('[data-testid="row-gadget|g2"]')
    await shot('bin')
    await page.check('[data-testid="row-check-gadget|g2"]')
    await page.click('[data-testid=restore]')
    await page.waitForSelector('[data-testid="row-gadget|g2"]', { state: 'detached' })
    await page.goto(url('/data/gadget'))
    await page.waitForSelector('[data-testid="row-gadget|g2"]')

    await page.check('[data-testid="row-check-gadget|g2"]')
    await page.click('[data-testid=delete]')
    expect(await page.textContent('dialog[open]')).toContain(
      'Are you sure you want to delete this record?',
    )
    await page.click('[data-testid=dialog-ok]')
    await page.goto(url('/bin'))
    await page.check('[data-testid="row-check-gadget|g2"]')
    await page.click('[data-testid=delete]')
    await page.click('[data-testid=dialog-ok]')
    await page.waitForSelector('[data-testid="row-gadget|g2"]', { state: 'detached' })
    const gone = await page.evaluate(async () => (await fetch('/query/data/get/gadget/g2')).status)
    expect(gone).toBe(404)
  })

  it('exports a record and imports it back', async () => {
    await page.goto(url('/data/gadget/new'))
    await page.fill('[data-testid=field-title] input', 'Exported gadget')
    await page.fill('[data-testid=field-id] input', 'g3')
    await page.press('[data-testid=field-id] input', 'Tab')
    await page.waitForURL(/\/data\/gadget\/g3$/)
    const { name, file } = await saveDownload(page, '[data-testid=export]', SCREENSHOTS)
    expect(name).toBe('gadget-g3.json')
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      type: 'gadget',
      id: 'g3',
      title: 'Exported gadget',
    })

    // Gone for good, then back from the file.
    await page.evaluate(async () => {
      const post = (address: string) =>
        fetch(address, { method: 'POST', headers: { device: 'e2e' } })
      await post('/query/data/bin/gadget|g3')
      await post('/query/data/delete/gadget|g3')
    })
    await page.goto(url('/data/gadget'))
    await page.waitForSelector('[data-testid=table-empty]')
    await page.setInputFiles('[data-testid=import-file]', file)
    await page.waitForSelector('[data-testid="row-gadget|g3"]')

    // A file that is neither .zip nor .json is refused with the spec's message.
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    })
    await page.waitForSelector('text=Only .zip and .json files are allowed.')
    await shot('import-refused')
    await page.click('[data-testid=dialog-ok]')
  })

  it('shows a role without delete rights no Delete and no New button', async () => {
    const office = await site.browser.newPage({ viewport: { width: 1280, height: 900 } })
    try {
      await signIn(office, 'office@example.com')
      // people: office may view customers, nothing more.
      await office.goto(url('/data/customer'))
      // Refresh is drawn before the rights arrive; Export needs view, so once it shows the toolbar
      // is drawn from office's rights and the missing buttons mean something.
      await office.waitForSelector('[data-testid=export]')
      expect(await office.isVisible('[data-testid=delete]')).toBe(false)
      expect(await office.isVisible('[data-testid=new]')).toBe(false)
      // The menu shows only what office may view: Data, not Security or Bin (drawn once its own
      // rights have arrived).
      await office.waitForSelector('[data-testid=menu-data]')
      expect(await office.isVisible('[data-testid=menu-security]')).toBe(false)
      expect(await office.isVisible('[data-testid=menu-bin]')).toBe(false)
      await office.screenshot({
        path: path.join(SCREENSHOTS, 'admin-office-customers.png'),
        fullPage: true,
      })
    } finally {
      await office.close()
    }
  })

  it('edits a security record: a role and its rights, saved by themselves', async () => {
    await page.goto(url('/data/security/billing'))
    await page.waitForSelector('[data-testid=access-row-0]')
    const rows = await page.locator('[data-testid^=access-row-]').count()
    const updated = saved('security', 'billing')
    await page.click('[data-testid=access-add]')
    await page.selectOption(`[data-testid=access-role-${rows}]`, 'office')
    await page.check(`[data-testid=access-row-${rows}] input[aria-label="office View"]`)
    await updated
    await shot('security')
    const flags = await page.evaluate(async () => {
      const answer = await fetch('/query/data/get/security/billing')
      return ((await answer.json()) as { access: Array<{ role: string; view: boolean }> }).access
    })
    expect(flags).toContainEqual(
      expect.objectContaining({ id: 'office', role: 'office', view: true, edit: false }),
    )
  })

  it('reads and changes rights in the permissions matrix, and says who can publish pages', async () => {
    await page.goto(url('/security'))
    const cell = page.locator('[data-testid=matrix-log-office]')
    await cell.waitFor()
    expect(await cell.isChecked()).toBe(false)
    expect(await page.textContent('[data-testid=matrix-role-all]')).toBe('Everyone')
    const updated = saved('security', 'log')
    await cell.check()
    expect((await updated).status()).toBe(200)
    await expect.poll(() => cell.isChecked()).toBe(true)
    const stored = await page.evaluate(async () => {
      const answer = await fetch('/query/data/get/security/log')
      return ((await answer.json()) as { access: Array<{ role: string; view: boolean }> }).access
    })
    expect(stored).toContainEqual(expect.objectContaining({ role: 'office', view: true }))
    // One right at a time: Publish shows who may make pages live.
    await page.click('[data-testid=right-publish]')
    await expect
      .poll(() => page.isChecked('[data-testid=matrix-website-marketingmanager]'))
      .toBe(true)
    expect(await page.isChecked('[data-testid=matrix-website-marketing]')).toBe(false)
    await page.selectOption('[data-testid=who-type]', 'webpage')
    await expect
      .poll(() => page.textContent('[data-testid=who-publish]'))
      .toContain('Marketing manager')
    expect(await page.textContent('[data-testid=who-publish]')).not.toContain('Marketing,')
    await shot('permissions')
    // A drive folder: the drive says which record decides on it, and from where.
    await page.selectOption('[data-testid=who-kind]', 'drive')
    // Picked with the drive's own picker, as a form's folder field is.
    await page.click('[data-testid=browse-who]')
    await page.click('[data-testid="picker-open-public"]')
    await page.click('[data-testid="picker-check-public/catalogue"]')
    await page.click('dialog[open] button:text-is("Select")')
    await expect
      .poll(() => page.textContent('[data-testid=who-answer]'))
      .toContain('Everyone may view it, signed in or not.')
    expect(await page.textContent('[data-testid=who-answer]')).toContain(
      'Nothing above it names a security record',
    )
    expect(await page.textContent('[data-testid=who-edit]')).toMatch(/\w/)
    // Nothing in the drive is published: no Publish line.
    expect(await page.isVisible('[data-testid=who-publish]')).toBe(false)
    await shot('permissions-folder')
    // A folder nobody can find is a 404, as the drive's own calls answer.
    const missing = await page.evaluate(async () => {
      const answer = await fetch('/query/data/security/guard/drive?key=private%2Fno-such-folder')
      return answer.status
    })
    expect(missing).toBe(404)
    await page.selectOption('[data-testid=who-kind]', 'recordtype')
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      // The matrix scrolls in its frame; the page stays the phone's width.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390)
      await shot('permissions-phone')
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 })
    }
  })

  it('drafts a page, previews it, publishes it, compares its versions, restores one as a draft and schedules one', async () => {
    const shop = await site.browser.newPage()
    const shopHeadline = async () => {
      await shop.goto(url('/about'))
      return (await shop.locator('h1').first().textContent())?.trim()
    }
    try {
      await page.goto(url('/data/webpage/about'))
      const headline = page.locator('[data-testid=field-headline] input')
      await headline.waitFor()
      const before = await headline.inputValue()
      expect(await page.textContent('[data-testid=draft-state]')).toBe('Published')
      // An edit goes to the draft: the shop still shows the published page.
      const drafted = page.waitForResponse(
        (response) =>
          response.url().endsWith('/query/data/draft/save/webpage/about') &&
          response.status() === 200,
      )
      await headline.fill('About our team')
      await page.click('[data-testid=refresh]')
      await drafted
      await expect
        .poll(() => page.textContent('[data-testid=draft-state]'))
        .toBe('Changes not published')
      expect(await shopHeadline()).toBe(before)
      await shot('draft')

      // The preview beside the form shows the shop's page with the draft, and follows each save.
      await page.click('[data-testid=preview]')
      const frame = page.frameLocator('[data-testid=preview-frame]')
      const previewed = () => frame.locator('h1').first().textContent()
      await expect.poll(previewed, { timeout: 15_000 }).toBe('About our team')
      expect(await frame.locator('[data-testid=preview-notice]').textContent()).toBe(
        'Preview: changes not published yet',
      )
      const save = async (text: string) => {
        const saved = page.waitForResponse(
          (response) =>
            response.url().endsWith('/query/data/draft/save/webpage/about') &&
            response.status() === 200,
        )
        await headline.fill(text)
        await page.click('[data-testid=refresh]')
        await saved
      }
      await save('About the people behind the shop')
      await expect.poll(previewed, { timeout: 15_000 }).toBe('About the people behind the shop')
      await shot('preview')
      // The link works for someone not signed in; the shop's own page is still the published one.
      const link = await page.getAttribute('[data-testid=preview-open]', 'href')
      expect(link).toMatch(/^\/about\?preview_token=[\w-]{43}$/)
      const response = await shop.goto(url(link!))
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
      expect(await shop.locator('h1').first().textContent()).toBe(
        'About the people behind the shop',
      )
      expect(await shopHeadline()).toBe(before)
      await save('About our team')
      await expect.poll(previewed, { timeout: 15_000 }).toBe('About our team')
      await page.click('[data-testid=preview-close]')
      await page.click('[data-testid=publish]')
      await expect.poll(() => page.textContent('[data-testid=draft-state]')).toBe('Published')
      expect(await shopHeadline()).toBe('About our team')

      // The publish is a version; the page as it was before is kept too.
      await page.click('[data-testid=history]')
      await page.waitForSelector('[data-testid=history-field-headline] ins')
      expect(await page.textContent('[data-testid=history-field-headline] ins')).toContain('team')
      expect(await page.textContent('[data-testid=history-versions]')).toContain('Published')
      expect(await page.textContent('[data-testid=history-versions]')).toContain('admin')
      expect(await page.isDisabled('[data-testid=history-restore]')).toBe(true)
      await page.click('[data-testid=history-version-1]')
      await page.waitForSelector('[data-testid=history-field-headline] del')
      await shot('history')
      // Restored as the draft: the form shows it, the shop keeps the published page.
      await page.click('[data-testid=history-restore]')
      const restored = page.waitForResponse((response) =>
        response.url().endsWith('/query/data/history/restore/webpage/about/1'),
      )
      await page.click('[data-testid=dialog-ok]')
      expect((await restored).status()).toBe(200)
      await expect.poll(() => headline.inputValue()).toBe(before)
      await expect
        .poll(() => page.textContent('[data-testid=draft-state]'))
        .toBe('Changes not published')
      expect(await shopHeadline()).toBe('About our team')
      // Discard drops the draft: the published page is back in the form.
      await page.click('[data-testid=discard]')
      await page.click('[data-testid=dialog-ok]')
      await expect.poll(() => headline.inputValue()).toBe('About our team')
      expect(await page.textContent('[data-testid=draft-state]')).toBe('Published')

      // Scheduled: the draft says when it goes live by itself; cleared, it waits for Publish.
      const redrafted = page.waitForResponse(
        (response) =>
          response.url().endsWith('/query/data/draft/save/webpage/about') &&
          response.status() === 200,
      )
      await headline.fill('About our team, soon')
      await page.click('[data-testid=refresh]')
      await redrafted
      await page.click('[data-testid=schedule]')
      await page.fill('[data-testid=schedule-at]', '2020-01-01T10:00')
      await page.click('[data-testid=dialog-ok]')
      await expect
        .poll(() => page.textContent('[data-testid=schedule-error]'))
        .toBe('Choose a time later than now.')
      const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
      const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000)
      await page.fill('[data-testid=schedule-at]', `${local.toISOString().slice(0, 11)}09:30`)
      const scheduled = page.waitForResponse((response) =>
        response.url().endsWith('/query/data/draft/schedule/webpage/about'),
      )
      await page.click('[data-testid=dialog-ok]')
      expect((await scheduled).status()).toBe(200)
      await expect
        .poll(() => page.textContent('[data-testid=draft-schedule]'))
        .toMatch(/^Publishes .*9:30/)
      await shot('scheduled')
      expect(await shopHeadline()).toBe('About our team')
      // Cleared, it waits for Publish; the page is given a time to leave the shop instead.
      await page.click('[data-testid=schedule]')
      await page.uncheck('[data-testid=schedule-at-on]')
      await page.check('[data-testid=schedule-unpublish-at-on]')
      const week = new Date(local.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 11)
      await page.fill('[data-testid=schedule-unpublish-at]', `${week}18:00`)
      await shot('schedule-dialog')
      const cleared = page.waitForResponse((response) =>
        response.url().endsWith('/query/data/draft/schedule/webpage/about'),
      )
      const ending = page.waitForResponse((response) =>
        response.url().endsWith('/query/data/draft/schedule-unpublish/webpage/about'),
      )
      await page.click('[data-testid=dialog-ok]')
      expect([(await cleared).status(), (await ending).status()]).toEqual([200, 200])
      await expect.poll(() => page.isVisible('[data-testid=draft-schedule]')).toBe(false)
      await expect
        .poll(() => page.textContent('[data-testid=unpublish-schedule]'))
        .toMatch(/^Unpublishes .*6:00/)
      await page.click('[data-testid=discard]')
      await page.click('[data-testid=dialog-ok]')
      await expect.poll(() => headline.inputValue()).toBe('About our team')
      // Its time to leave stays with the published page.
      expect(await page.textContent('[data-testid=unpublish-schedule]')).toMatch(/^Unpublishes/)

      // Unpublished now: the shop no longer has the page; the editor keeps it as a draft.
      await page.click('[data-testid=unpublish]')
      await page.click('[data-testid=dialog-ok]')
      await expect
        .poll(() => page.textContent('[data-testid=draft-state]'))
        .toBe('Not published yet')
      expect(await page.isVisible('[data-testid=unpublish-schedule]')).toBe(false)
      expect(await page.isVisible('[data-testid=unpublish]')).toBe(false)
      expect(await headline.inputValue()).toBe('About our team')
      expect((await shop.goto(url('/about')))?.status()).toBe(404)
      await shot('unpublished')
      // Publish brings it back.
      await page.click('[data-testid=publish]')
      await expect.poll(() => page.textContent('[data-testid=draft-state]')).toBe('Published')
      expect(await shopHeadline()).toBe('About our team')
    } finally {
      await shop.close()
    }
  })

  it('shows who else is editing a draft, and what their saves changed in the form', async () => {
    await page.goto(url('/data/webpage/home'))
    const headline = page.locator('[data-testid=field-headline] input')
    await headline.waitFor()
    const other = await page.context().newPage()
    try {
      await other.goto(url('/data/webpage/home'))
      const theirs = other.locator('[data-testid=field-headline] input')
      await theirs.waitFor()
      // The second tab is told at once; the first on its next sign of life (every 15 s).
      await expect
        .poll(() => other.textContent('[data-testid=draft-editors-list]'))
        .toBe('Also editing: you, in another tab')
      await expect
        .poll(() => page.textContent('[data-testid=draft-editors-list]'), { timeout: 20_000 })
        .toBe('Also editing: you, in another tab')
      // A save in the other tab reaches this form, which says so.
      const saved = other.waitForResponse(
        (response) =>
          response.url().endsWith('/query/data/draft/save/webpage/home') &&
          response.status() === 200,
      )
      await theirs.fill('Welcome, from the other tab')
      await other.click('[data-testid=refresh]')
      await saved
      await expect
        .poll(() => headline.inputValue(), { timeout: 20_000 })
        .toBe('Welcome, from the other tab')
      expect(await page.textContent('[data-testid=draft-merged]')).toContain('Headline')
      await shot('editing-together')
      await page.click('[data-testid=draft-merged-ok]')
    } finally {
      await other.close({ runBeforeUnload: true })
    }
    // Closed, the other tab says it left.
    await expect
      .poll(() => page.isVisible('[data-testid=draft-editors-list]'), { timeout: 20_000 })
      .toBe(false)
    await page.click('[data-testid=discard]')
    await page.click('[data-testid=dialog-ok]')
    await expect.poll(() => page.textContent('[data-testid=draft-state]')).toBe('Published')
  })

  it('switches to French and back without a reload, and keeps the choice across a reload', async () => {
    await page.goto(url('/data'))
    await page.waitForSelector('[data-testid=row-customer]')
    expect(await page.getAttribute('html', 'lang')).toBe('en-us')
    // Survives a language change only if the page is not loaded again.
    await page.evaluate(() => Object.assign(window, { swMarker: 'same page' }))
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-fr]')
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    expect(await page.textContent('[data-testid=menu-data]')).toContain('Données')
    expect(await page.textContent('[data-testid=menu-bin]')).toContain('Corbeille')
    expect(await page.textContent('[data-testid=new]')).toContain('Nouveau')
    expect(await page.textContent('[data-testid=refresh]')).toContain('Actualiser')
    expect(await page.textContent('[data-testid=language]')).toContain('French')
    await expect.poll(() => page.title()).toBe('Données · Administration Shopwright | Shopwright')
    expect(await page.evaluate(() => (window as { swMarker?: string }).swMarker)).toBe('same page')
    // A dialog speaks French too.
    await page.check('[data-testid=row-check-customer]')
    await page.click('[data-testid=delete]')
    expect(await page.textContent('dialog[open]')).toContain(
      'Voulez-vous vraiment supprimer cet enregistrement',
    )
    expect(await page.textContent('[data-testid=dialog-cancel]')).toBe('Annuler')
    await shot('french-dialog')
    await page.click('[data-testid=dialog-cancel]')
    await shot('french')

    // The choice is the storefront's too: local storage and the cookie the server reads.
    const choice = await page.evaluate(() => window.localStorage.getItem('sw.locale'))
    expect(JSON.parse(choice!)).toMatchObject({ language: 'fr' })
    const cookie = (await page.context().cookies()).find((each) => each.name === 'sw_locale')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ language: 'fr' })

    await page.reload()
    await page.waitForSelector('[data-testid=row-customer]')
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    expect(await page.textContent('[data-testid=menu-data]')).toContain('Données')
    // The storefront reads the same choice.
    await page.goto(url('/'))
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    await shot('french-storefront')
    await page.goto(url('/data/customer/new'))
    await page.waitForSelector('[data-testid=record-editor]')
    expect(await page.textContent('[data-testid=refresh]')).toContain('Actualiser')
    await shot('french-editor')

    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-en-us]')
    await page.waitForFunction(() => document.documentElement.lang === 'en-us')
    expect(await page.textContent('[data-testid=menu-data]')).toContain('Data')
    expect(await page.textContent('[data-testid=refresh]')).toContain('Refresh')
  })

  it('lays out right to left for a right-to-left language', async () => {
    const choice = { country: 'us', currency: 'usd', language: 'he' }
    await page.evaluate(
      (stored) => window.localStorage.setItem('sw.locale', stored),
      JSON.stringify(choice),
    )
    await page.goto(url('/data'))
    await page.waitForSelector('[data-testid=row-customer]')
    expect(await page.getAttribute('html', 'dir')).toBe('rtl')
    // The menu is on the right: it starts after the middle of the window.
    const menu = await page.locator('nav.sw-admin-menu').boundingBox()
    expect(menu!.x).toBeGreaterThan(640)
    await shot('rtl')
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-en-us]')
    await page.waitForFunction(() => document.documentElement.dir === 'ltr')
  })

  it('answers 404 at an admin address no running plugin declares, with no admin page', async () => {
    // Addresses no running plugin declares (commerce's orders desk declares /orders now).
    for (const address of ['/shipments', '/invoices/2026', '/catalogue']) {
      const response = await fetch(url(address), { headers: { accept: 'text/html' } })
      expect(response.status, address).toBe(404)
      expect(await response.text(), address).not.toContain('/admin/assets/')
    }
    const orders = await page.goto(url('/shipments'))
    expect(orders?.status()).toBe(404)
    expect(await page.locator('[data-testid=account-name]').count()).toBe(0)
    await shot('orders-404')
    // A declared address is the app's, and its page names the plugins whose modules it uses.
    const data = await fetch(url('/data'), { headers: { accept: 'text/html' } })
    expect(data.status).toBe(200)
    expect(await data.text()).toContain(
      '<meta name="shopwright-plugins" content="records,account,translations,drive,memory,sessions,insights,billing,commerce,log,openapi,metrics,admin,storefront">',
    )
  })

  it('signs out from the header: the session ends and the admin asks for a sign-in again', async () => {
    await page.goto(url('/data/customer'))
    await page.waitForSelector('[data-testid=refresh]')
    await page.click('[data-testid=logout]')
    await page.waitForURL(/\/login\?next=%2Fdata%2Fcustomer$/)
    await page.waitForSelector('[data-testid=login-email]')
    await shot('signed-out')
    const status = await page.evaluate(async () => (await fetch('/query/account/get')).status)
    expect(status).toBe(401)
    await page.goto(url('/data'))
    await page.waitForURL(/\/login\?next=%2Fdata$/)
    // And back in, as the first test did.
    await signIn(page, 'admin@example.com')
    expect(await page.textContent('[data-testid=account-name]')).toBe('admin')
  })

  it('raised no script errors on any page', () => {
    expect(errors).toEqual([])
  })
})
