// Shared by the suites beside this file: a theme's client build on disk, the page data a rendered
// page carries, and the administrator the suites write records as.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PAGE_DATA_ID, type PageData } from '../src/shared/page.js'
import type { Theme } from '../src/shared/contract.js'
import type { ThemeServerModule } from '../src/plugin/index.js'
import { StorefrontApp } from '../src/react/StorefrontApp.js'

/**
 * A theme's client build as Vite leaves it, in a fresh temporary folder: `files` (each path in the
 * build and its text) and `.vite/manifest.json` holding `manifest`. Answers the folder.
 */
export function fakeBuild(
  files: Record<string, string>,
  manifest: Record<string, unknown>,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-theme-'))
  fs.mkdirSync(path.join(dir, '.vite'))
  fs.mkdirSync(path.join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dir
}

/** A theme's server module over `theme`, with a one-script client build (a test theme's). */
export function testThemeModule(theme: Theme): ThemeServerModule {
  return {
    theme,
    App: StorefrontApp,
    clientDir: fakeBuild(
      { 'assets/entry-1.js': 'console.log(1)' },
      { 'src/entry.tsx': { file: 'assets/entry-1.js' } },
    ),
    clientEntry: 'src/entry.tsx',
  }
}

/** The page data a server-rendered page carries in its JSON script element. */
export function pageDataOf(html: string): PageData {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`,
  ).exec(html)
  return JSON.parse(match![1]!) as PageData
}

/** An administrator, for writes through the record calls. */
export const ADMIN = {
  type: 'employee',
  id: 'test-admin',
  email: '',
  name: 'Admin',
  roles: ['administrator'],
}
