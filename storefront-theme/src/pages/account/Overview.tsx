import type { PageProps } from '@shopwright/storefront/shared'
import { AccountBanner } from './AccountBanner.js'

/** `/account`: banner, icon and name; the icon opens the picker (AccountBanner). */
export function Overview(_props: PageProps) {
  return (
    <section className="sw-account-overview">
      <AccountBanner />
    </section>
  )
}
