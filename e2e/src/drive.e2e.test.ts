import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { saveDownload, signInThrough } from './browser.js'
import { makeSite, openPage, type Site } from './site.js'

/**
 * The drive issue's browser walk: a folder, three uploads (one refused), the JSON editor with
 * Format and Ctrl-S, rename, the bin and back, and a zip of the folder.
 */
describe('the drive in Chromium', () => {
  let site: Site
  let page: Page
  const errors: string[] = []
  // Screenshots go to a folder of their own, printed at the end for a person to look at.
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'drive-e2e-'))
  const shot = (name: string) =>
    page.screenshot({ path: path.join(shots, `drive-${name}.png`), fullPage: true })
  const url = (address: string) => site.url(address)
  const folder = 'public/e2e'

  /** The stored text of a drive file, read as the browser's session. */
  const stored = (file: string) =>
    page.evaluate(async (address) => {
      const answer = await fetch(address, { cache: 'no-store' })
      return { status: answer.status, text: await answer.text() }
    }, `/query/drive/load/${file}`)

  beforeAll(async () => {
    site = await makeSite({ users: [{ email: 'admin@example.com', roles: 'administrator' }] })
    ;({ page } = await openPage(
      site.browser,
      {
        viewport: { width: 1280, height: 860 },
        acceptDownloads: true,
      },
      errors,
    ))
  })
  // A failed step leaves a picture of where it stopped.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      await shot(`failed-${context.task.name.split(' ').slice(0, 3).join('-')}`)
  })
  afterAll(async () => {
    await site?.close()
    console.log(`drive screenshots: ${shots}`)
  })

  it('signs in and shows the drive with its three folders', async () => {
    await signInThrough(page, url('/drive'), 'admin@example.com')
    for (const top of ['private', 'public', 'personal'])
      await page.waitForSelector(`[data-testid="row-${top}"]`)
    expect(await page.isVisible('[data-testid=menu-drive]')).toBe(true)
    // The root holds the three folders only: nothing is made in it, deleted or renamed.
    for (const button of ['new-folder', 'new-file', 'upload', 'delete', 'rename'])
      expect(await page.isVisible(`[data-testid=${button}]`), button).toBe(false)
    await shot('root')
  })

  it('creates a folder', async () => {
    await page.click('[data-testid="row-public"] a')
    await page.waitForURL(/\/drive\/public$/)
    await page.waitForSelector('[data-testid="row-public/earth"]')
    await page.click('[data-testid=new-folder]')
    // A name with a dot is a file's: refused before anything is sent.
    await page.fill('[data-testid=name-input]', 'e2e.bad')
    await page.click('[data-testid=dialog-ok]')
    expect(await page.textContent('[data-testid=name-error]')).toContain('cannot contain a dot')
    await page.fill('[data-testid=name-input]', 'e2e')
    await page.click('[data-testid=dialog-ok]')
    await page.click(`[data-testid="row-${folder}"] a`)
    await page.waitForURL(/\/drive\/public\/e2e$/)
    await page.waitForSelector('[data-testid=table-empty]')
  })

  it('uploads three files one at a time, shows the refused one, and lists the others', async () => {
    await page.setInputFiles('[data-testid=upload-input]', [
      {
        name: 'data.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{\n"b":[1,2],"a":{"c":true}}'),
      },
      { name: 'CON.txt', mimeType: 'text/plain', buffer: Buffer.from('a device name') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes\n') },
    ])
    const dialog = page.locator('dialog[open]')
    await dialog.getByText('2 of 3 files uploaded.').waitFor()
    expect(await dialog.textContent()).toContain('CON.txt: A file name is required')
    expect(await page.textContent('[data-testid=upload-failures]')).toContain('CON.txt')
    await shot('uploaded')
    await page.click('[data-testid=dialog-ok]')
    await page.waitForSelector(`[data-testid="row-${folder}/data.json"]`)
    await page.waitForSelector(`[data-testid="row-${folder}/notes.txt"]`)
    expect(await page.locator(`[data-testid="row-${folder}/CON.txt"]`).count()).toBe(0)
    await shot('folder')
  })

  it('opens the JSON file, edits it, formats it and saves it with Ctrl-S', async () => {
    await page.click(`[data-testid="row-${folder}/data.json"] a`)
    await page.waitForURL(/\/drive\/public\/e2e\/data\.json$/)
    const editor = page.locator('.cm-content')
    await editor.waitFor()
    // Lines are elements of their own: the text reads without its line break.
    expect(await editor.textContent()).toBe('{"b":[1,2],"a":{"c":true}}')
    // Highlighted: JSON property names get a token class.
    await page.waitForSelector('.cm-line span')
    await editor.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.type(',"d":"added"')
    await page.waitForSelector('[data-testid=unsaved]')
    await page.click('[data-testid=format]')
    await page.waitForFunction(() =>
      document.querySelector('.cm-content')?.textContent?.includes('    "d": "added"'),
    )
    await shot('formatted')
    const saved = page.waitForResponse((answer) =>
      answer.url().endsWith(`/query/drive/save/${folder}/data.json`),
    )
    await editor.click()
    await page.keyboard.press('Control+s')
    expect((await saved).status()).toBe(200)
    await page.waitForSelector('[data-testid=unsaved]', { state: 'detached' })
    expect(await stored(`${folder}/data.json`)).toEqual({
      status: 200,
      text: '{\n    "b": [1, 2],\n    "a": { "c": true },\n    "d": "added"\n}\n',
    })
    await shot('saved')
  })

  it('renames the file and lands on its new address', async () => {
    await page.click('[data-testid=rename]')
    await page.fill('[data-testid=name-input]', 'renamed.json')
    await page.click('[data-testid=dialog-ok]')
    await page.waitForURL(/\/drive\/public\/e2e\/renamed\.json$/)
    await page.locator('.cm-content').waitFor()
    expect((await stored(`${folder}/data.json`)).status).toBe(404)
    expect((await stored(`${folder}/renamed.json`)).text).toContain('"d": "added"')
  })

  it('deletes the file to the bin and restores it from the Bin screen', async () => {
    await page.click('[data-testid=delete]')
    expect(await page.textContent('dialog[open]')).toContain(
      'Are you sure you want to delete this file?',
    )
    await page.click('[data-testid=dialog-ok]')
    await page.waitForURL(/\/drive\/public\/e2e$/)
    await page.waitForSelector(`[data-testid="row-${folder}/notes.txt"]`)
    expect(await page.locator(`[data-testid="row-${folder}/renamed.json"]`).count()).toBe(0)

    await page.click('[data-testid=menu-bin]')
    const row = page.locator('tr', { hasText: `${folder}/renamed.json` })
    await row.waitFor()
    await shot('bin')
    await row.locator('input[type=checkbox]').check()
    await page.click('[data-testid=restore]')
    await row.waitFor({ state: 'detached' })
    expect((await stored(`${folder}/renamed.json`)).text).toContain('"d": "added"')
    await page.goto(url('/drive/public/e2e'))
    await page.waitForSelector(`[data-testid="row-${folder}/renamed.json"]`)
  })

  it('downloads the folder as a zip', async () => {
    const { name, file } = await saveDownload(page, '[data-testid=download]', shots)
    expect(name).toBe('e2e.zip')
    const zip = fs.readFileSync(file)
    // A zip starts with a local file header and names its members in plain text.
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
    expect(zip.includes('renamed.json')).toBe(true)
    expect(zip.includes('notes.txt')).toBe(true)
    expect(errors).toEqual([])
  })

  it("gives a record's publicfolder field a picker that stores the chosen path", async () => {
    // A record type with a path field, made through the records calls.
    const made = await page.evaluate(async () => {
      const create = (record: unknown) =>
        fetch('/query/data/create', {
          method: 'POST',
          headers: { device: 'e2e', 'content-type': 'application/json' },
          body: JSON.stringify(record),
        }).then((answer) => answer.status)
      return [
        await create({
          type: 'recordtype',
          id: 'brochure',
          name: 'Brochure',
          fields: [
            { id: 'name', name: 'Name', datatype: 'text' },
            { id: 'file', name: 'File', datatype: 'publicfolder', fileextension: 'json' },
          ],
        }),
        await create({ type: 'brochure', id: 'b1', name: 'Spring' }),
      ]
    })
    expect(made).toEqual([200, 200])
    await page.goto(url('/data/brochure/b1'))
    await page.click('[data-testid=browse-file]')
    // Rooted at public: its folders, nothing of private.
    await page.click(`[data-testid="picker-open-${folder}"]`)
    expect(await page.isDisabled(`[data-testid="picker-check-${folder}/notes.txt"]`)).toBe(true)
    await page.check(`[data-testid="picker-check-${folder}/renamed.json"]`)
    await shot('picker')
    const updated = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/query/data/update/brochure/b1') && answer.status() === 200,
      { timeout: 30_000 },
    )
    await page.click('[data-testid=dialog-ok]')
    expect(await page.inputValue('[data-testid=path-file]')).toBe(`${folder}/renamed.json`)
    expect((await updated).request().postDataJSON()).toEqual([
      { field: 'file', value: `${folder}/renamed.json` },
    ])
    await shot('path-field')
  })
})
