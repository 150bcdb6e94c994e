import { parseRunningPlugins, RUNNING_PLUGINS_META } from '../registry/running-plugins.js'

/** The plugins the server runs, as the admin's page names them; null when the page names none. */
export function runningPlugins(document: Document): string[] | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${RUNNING_PLUGINS_META}"]`)
  return meta ? parseRunningPlugins(meta.content) : null
}
