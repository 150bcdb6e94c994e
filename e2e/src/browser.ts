import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { chromiumLaunch, fillLogin } from '@shopwright/cli/testing'
import { databasesUnderTest, type DatabaseUnderTest } from '@shopwright/core/testing'

/** Where suites leave screenshots for a person to look at (git-ignored). */
export const SCREENSHOTS = path.resolve(fileURLToPath(import.meta.url), '../../screenshots')

/** A phone's screen, as the suites look at pages on one. */
export const PHONE = { width: 390, height: 844 }

/**
 * Full-page screenshots of the page at its own width and at a phone's, named
 * `<name>-<width>.png` in SCREENSHOTS; the page is left at its own size.
 */
export async function shotAtWidths(page: Page, name: string): Promise<void> {
  const own = page.viewportSize()
  if (!own) throw new Error('the page has no fixed viewport')
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${own.width}.png`),
    fullPage: true,
  })
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(150)
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${PHONE.width}.png`),
    fullPage: true,
  })
  await page.setViewportSize(own)
}

/** A full-page screenshot of `page` as `<name>.png` in SCREENSHOTS. */
export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/**
 * Clicks `selector` and saves the download it starts in `dir` under the name the server suggests:
 * that name, and the saved file's path.
 */
export async function saveDownload(
  page: Page,
  selector: string,
  dir: string,
): Promise<{ name: string; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)])
  const file = path.join(dir, download.suggestedFilename())
  await download.saveAs(file)
  return { name: download.suggestedFilename(), file }
}

/** Launches headless Chromium with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch(chromiumLaunch())
}

/**
 * Signs in through the admin's two-step login: opens `address` (a screen that needs a signed-in
 * caller), is sent to the login, and is back on `address` after the e-mail and the password.
 */
export async function signInThrough(
  page: Page,
  address: string,
  email: string,
  password = 'secret12',
): Promise<void> {
  await page.goto(address)
  await page.waitForURL(/\/login\?next=/)
  await signIn(page, email, password)
  await page.waitForURL((url) => url.pathname === new URL(address).pathname)
}

/**
 * Fills and sends the two-step login shown on `page` (the admin's or the storefront's, the same
 * test ids): the e-mail, Next, the password, Sign in. The caller waits for where it leads.
 */
export async function signIn(page: Page, email: string, password = 'secret12'): Promise<void> {
  await fillLogin(page, email, password)
}

/**
 * Collects `page`'s script errors into `errors` (a new list unless one is given, so several pages
 * can share one) and answers it: uncaught exceptions, and with `console` the console's errors too
 * (a hydration mismatch or a React warning is a bug), except the browser's own 'Failed to load
 * resource' lines for answers a walk asks for (a declined card's 402).
 */
export function collectErrors(
  page: Page,
  errors: string[] = [],
  options: { console?: boolean } = {},
): string[] {
  page.on('pageerror', (error) => errors.push(String(error)))
  if (options.console)
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text())
    })
  return errors
}

/** A database a browser suite runs its server on: SQLite (the default) or MariaDB. */
export interface SiteDatabase {
  name: DatabaseUnderTest['name']
  /** Why the suite is skipped on this database, or false. */
  skip: string | false
  /**
   * The settings that put a project on a fresh database of this engine (none for SQLite, which
   * lives in the project's folder), and how to drop it afterwards.
   */
  settings(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>
}

/** The databases the browser walks run on: SQLite always, MariaDB when `npm test` found it. */
export function siteDatabases(): SiteDatabase[] {
  return databasesUnderTest().map((database) => ({
    name: database.name,
    skip: database.skip,
    async settings(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
      if (database.name === 'sqlite') return { env: {}, drop: async () => undefined }
      const created = await database.create()
      return { env: { DATABASE_URL: created.url }, drop: created.drop }
    },
  }))
}
