import fs from 'node:fs'
import path from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { send } from '@koa/send'
import type { Middleware } from 'koa'
import { createElement, type ComponentType } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createQueryClient,
  createTranslate,
  LOCALE_COOKIE,
  parseLocaleChoice,
} from '@shopwright/core/shared'
import type { Kernel, PageFactory, Services } from '@shopwright/core'
// For the optional `translationSource` service's type only: nothing of the plugin is loaded.
import type {} from '@shopwright/plugin-translations'
import type { Theme } from '../shared/contract.js'
import {
  pageDescription,
  pageTitle,
  recordKeyOf,
  type MenuItem,
  type PageData,
} from '../shared/page.js'
import { RouteTable } from '../shared/route-match.js'
import { compactTexts, DEFAULT_TRANSLATION_SETS } from '../shared/translation.js'
import type { StorefrontAppProps } from '../react/StorefrontApp.js'
import { documentHead, documentTail, type PageAssets } from './document.js'
import { SiteSource } from './site-source.js'
import { PageCache } from './page-cache.js'
import { CompressedFiles, compressPage } from './compressed-files.js'

/** What a theme's server entry exports (`<theme package>/server`). */
export interface ThemeServerModule {
  theme: Theme
  /** The engine's app as bundled with the theme, so the theme's components share its context. */
  App: ComponentType<StorefrontAppProps>
  /** The theme's built browser files (Vite's out dir, with `.vite/manifest.json`). */
  clientDir: string
  /** The manifest key of the browser entry (`src/entry-client.tsx`). */
  clientEntry: string
}

/** How the server that mounts the storefront describes itself to it. */
export interface StorefrontOptions {
  /** The storefront features the installed plugins provide (their `storefrontModules`). */
  modules?: readonly string[]
}

/** The public prefix of the theme's built files (the theme's Vite `base`). */
export const THEME_ASSETS = '/theme/'

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/**
 * The admin's files: its middleware passes on what it does not have, and that is no page. (The API
 * and the health checks are answered before page middleware runs.)
 */
const ADMIN_FILES = '/admin/'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/** The entry script, its CSS and the chunks it imports, from the theme's Vite manifest. */
export function pageAssets(clientDir: string, entry: string): PageAssets {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const chunk = manifest[entry]
  if (!chunk) throw new Error(`the theme's manifest has no entry ${entry}: rebuild the theme`)
  const styles = new Set<string>(chunk.css ?? [])
  const preload = new Set<string>()
  const visit = (key: string) => {
    const imported = manifest[key]
    if (!imported || preload.has(imported.file)) return
    preload.add(imported.file)
    for (const css of imported.css ?? []) styles.add(css)
    for (const next of imported.imports ?? []) visit(next)
  }
  for (const key of chunk.imports ?? []) visit(key)
  const url = (file: string) => `${THEME_ASSETS}${file}`
  // Without an icon the browser asks for /favicon.ico and logs a 404 on every first visit.
  const icon = fs.existsSync(path.join(clientDir, 'favicon.svg')) ? url('favicon.svg') : undefined
  // The theme's CSS goes into the page itself: a few kilobytes, and no request blocking the paint.
  const inlineStyle = [...styles]
    .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
    .join('\n')
  return {
    script: url(chunk.file),
    inlineStyle,
    preload: [...preload].map(url),
    ...(icon ? { icon } : {}),
  }
}

/** The menu items the visitor may view: an item with a security record needs view on it (spec 000 section 2). */
async function visibleMenus(
  groups: Record<string, MenuItem[]>,
  canView: (security: string) => Promise<boolean>,
): Promise<Record<string, MenuItem[]>> {
  const filter = async (items: MenuItem[]): Promise<MenuItem[]> => {
    const kept: MenuItem[] = []
    for (const item of items) {
      if (item.security && !(await canView(item.security))) continue
      const submenus = item.submenus ? await filter(item.submenus) : undefined
      if (!item.href && (!submenus || submenus.length === 0)) continue
      kept.push({ ...item, ...(submenus ? { submenus } : {}) })
    }
    return kept
  }
  const visible: Record<string, MenuItem[]> = {}
  for (const [group, items] of Object.entries(groups)) visible[group] = await filter(items)
  return visible
}

function isPageRequest(method: string, requestPath: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !requestPath.startsWith(ADMIN_FILES)
}

/**
 * The storefront: every page address not taken by the API or the admin. The route table comes
 * from the website route records; the page streams from React's server renderer with the title
 * and description in its first bytes, and the browser hydrates it. An address no route matches is
 * the theme's 'Page not Found' with status 404.
 */
export function storefrontPages(
  module: ThemeServerModule,
  options: StorefrontOptions = {},
): PageFactory {
  return {
    create(services: Services, kernel: Pick<Kernel, 'optional'>): Middleware {
      // Both are optional: without a translations plugin pages show their phrases as written,
      // without an authenticator every visitor is anonymous.
      const translations = kernel.optional('translationSource')
      const authenticator = kernel.optional('authenticator')
      const pages = new PageCache(services.cache, services.events, translations?.cacheType)
      const source = new SiteSource(
        services.recordStore,
        services.records,
        services.cache,
        options.modules,
      )
      const translationSets = module.theme.translationSets ?? DEFAULT_TRANSLATION_SETS
      let assets: PageAssets | undefined
      const files = new CompressedFiles(module.clientDir)
      const client = createQueryClient({
        device: 'server',
        fetch: () => Promise.reject(new Error('no fetch on the server')),
      })
      return async (ctx, next) => {
        if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path.startsWith(THEME_ASSETS)) {
          const file = ctx.path.slice(THEME_ASSETS.length)
          if (!file) return next()
          // Brotli when the browser takes it (smaller), else gzip.
          const encoding = ctx.acceptsEncodings('br')
            ? 'br'
            : ctx.acceptsEncodings('gzip')
              ? 'gzip'
              : null
          const compressed = encoding ? await files.get(file, encoding) : null
          if (compressed) {
            ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
            ctx.set('Content-Encoding', encoding!)
            ctx.vary('Accept-Encoding')
            ctx.type = path.extname(file)
            ctx.body = compressed
            return
          }
          const sent = await send(ctx, file, {
            root: module.clientDir,
            index: false,
            immutable: true,
            maxage: YEAR_MS,
          }).catch((error: { status?: number }) => {
            if ((error.status ?? 500) < 500) return undefined
            throw error
          })
          if (sent) return
          return next()
        }
        if (!isPageRequest(ctx.method, ctx.path)) return next()
        assets ??= pageAssets(module.clientDir, module.clientEntry)
        const locale = parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE))
        // Anonymous pages are the same for everyone with the same address and locale: cached.
        const anonymous = !authenticator?.carriesCredentials(ctx)
        const cacheKey = anonymous ? pages.key(ctx.path + (ctx.search ?? ''), locale) : undefined
        if (cacheKey) {
          const cached = await pages.get(cacheKey)
          if (cached) {
            ctx.status = cached.status
            ctx.type = 'html'
            ctx.set('Cache-Control', 'no-cache')
            ctx.vary('Accept-Encoding')
            if (cached.br && ctx.acceptsEncodings('br')) {
              ctx.set('Content-Encoding', 'br')
              ctx.body = Buffer.from(cached.br, 'base64')
            } else {
              ctx.body = cached.html
            }
            return
          }
        }
        const mark = pages.mark()
        const [routes, site, menus] = await Promise.all([
          source.routes(),
          source.site(),
          source.menus(),
        ])
        pages.watch(routes)
        const table = new RouteTable(routes)
        const query = new URLSearchParams(ctx.querystring)
        const found = table.match(ctx.path, query)
        // A route whose component the theme lacks cannot be shown: it answers as not found.
        const matched = found && module.theme.components[found.route.component] ? found : null
        const key = matched ? recordKeyOf(matched) : null
        const entity = await ctx.state.entity()
        const language = locale?.language ?? site.languages[0] ?? 'en'
        const [record, texts] = await Promise.all([
          key ? source.record(entity, key.type, key.id, language) : null,
          // Without the translations plugin every phrase shows as written.
          // A failure to read them shows the page in its phrases rather than failing it.
          translations?.texts(language, translationSets).catch((error: unknown) => {
            services.logger.warn({ err: error, language }, 'translation texts unavailable')
            return {}
          }) ?? {},
        ])
        const data: PageData = {
          routes,
          site,
          href: ctx.path + (ctx.search ?? ''),
          record,
          account: entity ? { type: entity.type, id: entity.id, name: entity.name } : null,
          menus: await visibleMenus(menus, (security) =>
            services.access.can(entity, security, 'view'),
          ),
          locale,
          language,
          texts: compactTexts(texts),
        }
        const t = createTranslate(data.texts)
        const head = documentHead({
          lang: language,
          title: pageTitle(matched, record, site, t),
          description: pageDescription(matched, t),
          assets,
        })
        ctx.status = matched ? 200 : 404
        ctx.type = 'html'
        ctx.set('Cache-Control', 'no-cache')
        const body = new PassThrough()
        ctx.body = body
        // React ends what it pipes into: this sink forwards the page and adds the tail at the end,
        // keeping a copy of an anonymous page for the cache.
        const copy: Buffer[] = []
        const status = ctx.status
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            body.write(chunk)
            if (cacheKey) copy.push(Buffer.from(chunk))
            done()
          },
          final(done) {
            const tail = documentTail(data)
            body.end(tail)
            if (cacheKey) {
              const html = head + Buffer.concat(copy).toString('utf8') + tail
              // One write, with the Brotli copy made here: a page is small, so a middle quality
              // costs well under a millisecond.
              const br = compressPage(html)
              void pages.set(cacheKey, { status, html, br }, mark).catch(() => undefined)
            }
            done()
          },
        })
        await new Promise<void>((resolve) => {
          const stream = renderToPipeableStream(
            createElement(module.App, { theme: module.theme, data, client }),
            {
              onShellReady() {
                body.write(head)
                stream.pipe(sink)
                resolve()
              },
              onShellError(error) {
                ctx.status = 500
                body.end(`${head}<h1>Unable to render.</h1></div></body></html>`)
                ctx.app.emit('error', error, ctx)
                resolve()
              },
              onError(error) {
                ctx.app.emit('error', error, ctx)
              },
            },
          )
        })
      }
    },
  }
}
