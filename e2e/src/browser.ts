import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium; the suites never download a browser. */
export const CHROMIUM = '/usr/bin/chromium'

/** Where suites leave screenshots for a person to look at (git-ignored). */
export const SCREENSHOTS = path.resolve(fileURLToPath(import.meta.url), '../../screenshots')

/** Launches headless Chromium with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
