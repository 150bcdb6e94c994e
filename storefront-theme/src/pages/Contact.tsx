import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { ContactBlock } from '../components/ContactBlock.js'
import { useSite } from '../components/site.js'

/** `/contact`: the current site location's organisation, address lines, phone and e-mail links. */
export function Contact(_props: PageProps) {
  const site = useSite()
  const t = useT()
  return (
    <section className="sw-page">
      <h1>{t('Contact')}</h1>
      {site.location ? (
        <ContactBlock location={site.location} />
      ) : (
        <p>{t('No contact details yet.')}</p>
      )}
    </section>
  )
}
