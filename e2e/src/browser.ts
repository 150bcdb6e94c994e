import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '@shopwright/cli/testing'

/** Where suites leave screenshots for a person to look at (git-ignored). */
export const SCREENSHOTS = path.resolve(fileURLToPath(import.meta.url), '../../screenshots')

/** Launches headless Chromium with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  })
}
