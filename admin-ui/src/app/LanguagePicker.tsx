import { useEffect, useState } from 'react'
import { Button } from '../kit/Button.js'
import { useDialogs } from '../kit/dialogs.js'
import { useLanguage, useT } from '../kit/i18n.js'
import { PopupMenu } from '../kit/Popup.js'
import { useClient } from './client.js'
import { useShellServices } from './shell-services.js'
import { siteLanguages, type SiteLanguage } from './site-languages.js'

/**
 * The header's language menu: the site's languages by their names (data rather than phrases), the
 * current one ticked; a pick switches the whole admin at once. With no plugin providing the
 * admin's texts there is nothing to switch to, and the menu offers the current language only.
 */
export function LanguagePicker() {
  const t = useT()
  const client = useClient()
  const services = useShellServices()
  const dialogs = useDialogs()
  const { language, choose } = useLanguage()
  const [languages, setLanguages] = useState<SiteLanguage[] | null>(null)

  useEffect(() => {
    if (!services.texts) return
    let live = true
    siteLanguages(services, client).then(
      (answer) => live && setLanguages(answer.languages),
      // The menu is a convenience: without the list it offers the current language only.
      () => live && setLanguages([]),
    )
    return () => {
      live = false
    }
  }, [client, services])

  const current = languages?.find((each) => each.id === language)
  const offered =
    services.texts && languages?.length ? languages : [{ id: language, name: language, rtl: false }]
  const pick = (id: string) => {
    if (id !== language) choose(id).catch((error: unknown) => dialogs.error('Error', error))
  }
  return (
    <PopupMenu
      testId="language-menu"
      trigger={(open) => (
        <Button
          icon="translate"
          title={t('Language')}
          aria-haspopup="menu"
          aria-expanded={open}
          data-testid="language"
        >
          {current?.name ?? language.toUpperCase()}
        </Button>
      )}
      items={offered.map((each) => ({
        label: each.name,
        ...(each.id === language ? { icon: 'check' } : {}),
        testId: `language-${each.id}`,
        onSelect: () => pick(each.id),
      }))}
    />
  )
}
