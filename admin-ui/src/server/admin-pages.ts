import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Middleware } from 'koa'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/client'
import { pageInLanguage, pageWithPlugins } from './admin-page.js'
import { ADMIN_ROOT, ASSET_PREFIX, LOGIN_PATH, type AdminAddresses } from './admin-paths.js'

/** Where Vite writes the app: `dist/client` beside this file's `dist/server`. */
export const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/**
 * `@koa/send` (with http-errors and the rest of its ten files) loads with the first file asked
 * for, not at start: a restart answers /readyz without it. Resolved when the pages are mounted, so
 * an install without it still stops start-up.
 */
let sender: Promise<typeof import('@koa/send').send> | undefined
const loadSend = (): Promise<typeof import('@koa/send').send> =>
  (sender ??= import('@koa/send').then((module) => module.send))

export interface AdminPagesOptions {
  /** The built app; defaults to this package's `dist/client`. */
  clientDir?: string
  /**
   * The addresses the running plugins' panels answer (`admin.addPaths`): the app's page answers
   * them (a 404 elsewhere in their areas, and nothing outside them).
   */
  addresses: AdminAddresses
  /** The running plugins' names: the app uses the admin modules of these plugins only. */
  plugins: readonly string[]
  /**
   * Serve the sign-in page at /login (off once a storefront theme serves it). A function is asked
   * on the first request for /login, once: whether the theme has its own sign-in page is known
   * only once the theme is loaded, which the storefront leaves to its first page.
   */
  login?: boolean | (() => Promise<boolean>)
}

/**
 * Serves the admin app: its hashed files under `/admin/` (cached for a year: a new build has new
 * names), and its page at the addresses the running plugins add, never cached, so a new build
 * is picked up at the next navigation. An address in an admin area that no panel answers gets the
 * same page with a 404 status (the app draws its 'Page not Found' inside the shell, so staff keep
 * the menu); any other address goes on to the rest of the site. The page is read once; a missing
 * build answers a clear 503 rather than a blank page.
 */
export function adminPages(options: AdminPagesOptions): Middleware {
  createRequire(import.meta.url).resolve('@koa/send')
  const clientDir = options.clientDir ?? CLIENT_DIR
  const indexFile = path.join(clientDir, 'index.html')
  const { addresses } = options
  const names = options.plugins
  const decideLogin = options.login
  let servesLogin: boolean | Promise<boolean> =
    typeof decideLogin === 'function' ? false : decideLogin !== false
  let loginDecided = typeof decideLogin !== 'function'
  let page: string | undefined
  const readPage = (): string | undefined => {
    if (page === undefined && fs.existsSync(indexFile))
      page = pageWithPlugins(fs.readFileSync(indexFile, 'utf8'), names)
    return page
  }
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path.startsWith(ASSET_PREFIX)) {
      const file = ctx.path.slice(ASSET_PREFIX.length)
      if (!file || file.endsWith('/')) return next()
      // Only built files: `send` resolves inside the root and refuses `..` and hidden names.
      const send = await loadSend()
      const sent = await send(ctx, file, {
        root: clientDir,
        index: false,
        immutable: true,
        maxage: YEAR_MS,
        gzip: true,
        brotli: true,
      }).catch((error: { status?: number }) => {
        if (error.status === 404 || error.status === 400 || error.status === 403) return undefined
        throw error
      })
      if (!sent) return next()
      return
    }
    if (ctx.path === LOGIN_PATH && !loginDecided && typeof decideLogin === 'function') {
      servesLogin = decideLogin()
      loginDecided = true
    }
    const login = ctx.path === LOGIN_PATH && (await servesLogin)
    const found = login || ctx.path === ADMIN_ROOT || addresses.matches(ctx.path)
    if (!found && !addresses.inArea(ctx.path)) return next()
    const html = readPage()
    ctx.set('Cache-Control', 'no-cache')
    ctx.vary('Cookie')
    ctx.type = 'html'
    if (html === undefined) {
      ctx.status = 503
      ctx.body =
        '<!doctype html><title>Admin not built</title><h1>The admin is not built</h1>' +
        '<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>'
      return
    }
    if (!found) ctx.status = 404
    ctx.body = pageInLanguage(html, parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE))?.language)
  }
}
