import { useEffect } from 'react'
import { useT } from './i18n.js'
import { useTitleSuffix } from './site-settings.js'

/**
 * The document title of a screen: its parts, most particular first, then the admin's name, then
 * the site's title suffix as written (the web configuration's `titlesuffix`, its separator its own,
 * as the storefront adds it to its pages' titles).
 */
export function documentTitle(parts: readonly string[], admin: string, suffix = ''): string {
  return `${[...parts.filter(Boolean), admin].join(' · ')}${suffix}`
}

/**
 * Names the browser tab and history entry after the screen (`Ada Lovelace · Customer · Data ·
 * Shopwright admin | Acme`). The parts are already translated; the admin's name is translated
 * here. The shell sets a title from the menu on every navigation before screens run their
 * effects, so a screen that says nothing is still named after its menu entry (docs/admin.md,
 * "Titles").
 */
export function useDocumentTitle(...parts: ReadonlyArray<string | null | undefined>): void {
  const t = useT()
  const title = documentTitle(
    parts.filter((part): part is string => typeof part === 'string'),
    t('Shopwright admin'),
    useTitleSuffix(),
  )
  useEffect(() => {
    document.title = title
  }, [title])
}
