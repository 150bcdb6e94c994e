import { readOrNull } from '@shopwright/admin-ui/kit'
import type { SiteSettingsProvider } from '@shopwright/admin-ui/registry'

/**
 * The admin's page sizes and title suffix as records keep them: the `pagination` configuration's
 * sizes by kind of list, the `web` configuration's `titlesuffix`. Each record the caller may not
 * read, or that is missing, leaves its part to the shell's defaults; both unread answer null.
 */
export const recordsSiteSettings: SiteSettingsProvider = {
  async settings(client) {
    // A minute's cache, as the site's languages: the web configuration is then read once for both.
    const [pagination, web] = await Promise.all([
      readOrNull(
        client.get<Record<string, unknown>>(
          '/data/get/configuration/pagination',
          {},
          { cache: 'veryshort' },
        ),
      ),
      readOrNull(
        client.get<Record<string, unknown>>(
          '/data/get/configuration/web',
          {},
          { cache: 'veryshort' },
        ),
      ),
    ])
    if (!pagination && !web) return null
    return {
      ...(pagination ? { pageSizes: pagination } : {}),
      ...(web ? { titleSuffix: web.titlesuffix } : {}),
    }
  },
}
