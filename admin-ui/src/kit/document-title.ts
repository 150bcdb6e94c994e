import { useEffect } from 'react'
import { useT } from './i18n.js'

/** The document title of a screen: its parts, most particular first, then the admin's name. */
export function documentTitle(parts: readonly string[], admin: string): string {
  return [...parts.filter(Boolean), admin].join(' · ')
}

/**
 * Names the browser tab and history entry after the screen (`Ada Lovelace · Customer · Data ·
 * Shopwright admin`). The parts are already translated; the admin's name is translated here. The
 * shell sets a title from the menu on every navigation before screens run their effects, so a
 * screen that says nothing is still named after its menu entry (docs/admin.md, "Titles").
 */
export function useDocumentTitle(...parts: ReadonlyArray<string | null | undefined>): void {
  const t = useT()
  const title = documentTitle(
    parts.filter((part): part is string => typeof part === 'string'),
    t('Shopwright admin'),
  )
  useEffect(() => {
    document.title = title
  }, [title])
}
