import { isRightToLeft } from '@shopwright/client'
import { RUNNING_PLUGINS_META } from '../registry/running-plugins.js'

/**
 * The page in the visitor's chosen language (the shared locale cookie): `<html lang dir>` are
 * right before any script runs, so a right-to-left admin never draws left-to-right first. The
 * language passed parseLocaleChoice (`[a-z0-9-]`), so it is safe inside the attribute.
 */
export function pageInLanguage(html: string, language: string | undefined): string {
  if (!language) return html
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr'
  return html.replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${dir}">`)
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The page naming the running plugins in a `<meta>` of its head, so the app uses only their admin
 * modules (registry/running-plugins.ts): a meta rather than a call, so the app knows at once
 * which plugin signs in, before its first request.
 */
export function pageWithPlugins(html: string, plugins: readonly string[]): string {
  const meta = `<meta name="${RUNNING_PLUGINS_META}" content="${escapeAttribute(plugins.join(','))}">`
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `${meta}</head>`)
  // A page without a head (never Vite's build): the meta still comes before any content.
  const doctype = /^\s*<!doctype html>/i.exec(html)
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html
}
