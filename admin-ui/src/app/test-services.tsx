import type { ReactNode } from 'react'
import { recordsSiteLanguages } from '../../../plugins/records/src/admin/site-languages.js'
import { adminTexts } from '../../../plugins/translations/src/admin/admin-texts.js'
import { ShellServicesContext, type ShellServices } from './shell-services.js'

/**
 * The language services of the default plugins (records, translations), for the shell's tests:
 * their calls go to the test's client, so a test answers the same paths a server would.
 */
export const LANGUAGE_SERVICES: ShellServices = {
  siteLanguages: recordsSiteLanguages,
  texts: adminTexts,
}

/** Gives the shell the services a test names (the default plugins' language services if none). */
export function WithServices({
  services = LANGUAGE_SERVICES,
  children,
}: {
  services?: ShellServices
  children: ReactNode
}) {
  return <ShellServicesContext.Provider value={services}>{children}</ShellServicesContext.Provider>
}
