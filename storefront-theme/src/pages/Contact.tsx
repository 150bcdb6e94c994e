import type { PageProps } from '@shopwright/storefront/shared'
import { ContactBlock } from '../components/ContactBlock.js'
import { useSite } from '../components/site.js'

/** `/contact`: the current site location's organisation, address lines, phone and e-mail links. */
export function Contact(_props: PageProps) {
  const site = useSite()
  return (
    <section className="sw-page">
      <h1>Contact</h1>
      {site.location ? <ContactBlock location={site.location} /> : <p>No contact details yet.</p>}
    </section>
  )
}
