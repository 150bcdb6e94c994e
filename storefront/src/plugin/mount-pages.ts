import type { Middleware } from 'koa'
import type { RouteContext } from '@shopwright/core'
import { mayExportMailTemplates, resolveTheme } from '../server/load-theme.js'
import type { ThemeServerModule } from '../server/storefront-pages.js'
import { builtOnFirstRequest } from './first-request.js'

/** Whatever keeps e-mail templates (the account plugin's `mailTemplates` service). */
interface ThemeMailTarget {
  useTheme(templates: Readonly<Record<string, unknown>> | undefined): void
}

/** How the plugin was given its theme (StorefrontPluginOptions.theme). */
export type ThemeOption = ThemeServerModule | (() => Promise<ThemeServerModule>) | undefined

/**
 * The storefront's pages as mounted at boot. What must hold from the start is done here: the
 * `THEME` setting is checked (a theme that is not installed stops start-up), the page cache's
 * invalidation listens, and a theme that may have e-mails is loaded so they are in place before
 * the first e-mail. The renderer (React's server build) and, for the others, the theme load on
 * the first request the pages see (builtOnFirstRequest), so /readyz never waits for them.
 */
export async function mountPages(theme: ThemeOption, context: RouteContext): Promise<Middleware> {
  const { storefront, config } = context.services
  const themeFile = theme === undefined ? resolveTheme(config.theme) : undefined
  // The theme's e-mails replace the plugins' defaults where it has them. Looked up by name: the
  // engine does not depend on the plugin that sends mail.
  const mail = (context.optional as (name: string) => ThemeMailTarget | undefined)('mailTemplates')
  let mailSet = false
  const loadTheme = async (): Promise<ThemeServerModule> => {
    const module = await storefront.theme()
    if (mail && !mailSet) mail.useTheme(module.mailTemplates)
    mailSet = true
    return module
  }
  const themeMayMail =
    typeof theme === 'object' ||
    typeof theme === 'function' ||
    (themeFile !== undefined && mayExportMailTemplates(themeFile))
  if (mail && themeMayMail) await loadTheme()
  const [{ storefrontPageCache }, { movedPagesOf }] = await Promise.all([
    import('../server/page-cache.js'),
    import('../server/moved-pages.js'),
  ])
  const pages = storefrontPageCache(context)
  // Renamed records' old addresses (docs/themes.md, "Renamed records"); the plugin's bootstrap
  // follows the renames themselves, in every process.
  const moved = movedPagesOf(context.services)
  return builtOnFirstRequest(async () => {
    const [module, { storefrontPages }] = await Promise.all([
      loadTheme(),
      import('../server/storefront-pages.js'),
    ])
    return storefrontPages(module, context, pages, moved)
  })
}
