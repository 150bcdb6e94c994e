import { useEffect, useState } from 'react'
import { DEFAULT_SITE_SETTINGS, siteSettingsOf } from '../kit/site-settings.js'
import type { SiteSettings } from '../registry/index.js'
import { useClient } from './client.js'
import { useShellServices } from './shell-services.js'

/**
 * The site's settings for the signed-in frame, read once from the plugin that keeps them: null
 * while they load; the defaults when no plugin provides them, the caller may not read them, or
 * the read fails (the screens' own calls then say what is wrong).
 */
export function useLoadedSiteSettings(signedIn: boolean): SiteSettings | null {
  const { siteSettings } = useShellServices()
  const client = useClient()
  const [settings, setSettings] = useState<SiteSettings | null>(
    siteSettings ? null : DEFAULT_SITE_SETTINGS,
  )
  useEffect(() => {
    if (!signedIn || !siteSettings) return
    let live = true
    siteSettings.settings(client).then(
      (stored) => live && setSettings(siteSettingsOf(stored)),
      () => live && setSettings(DEFAULT_SITE_SETTINGS),
    )
    return () => {
      live = false
    }
  }, [signedIn, siteSettings, client])
  return settings
}
