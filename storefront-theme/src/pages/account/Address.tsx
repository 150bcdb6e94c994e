import type { PageProps } from '@shopwright/storefront/shared'
import { AddressEditor } from './AddressEditor.js'

/**
 * `/account/address/:id` (`new` for a new one): Line 1, City, Postal Code and Country are required
 * (`addressErrors`, the account plugin's rules, which its server checks again); an invalid form
 * shows its errors and 'Unable to Continue'.
 */
export function Address({ params }: PageProps) {
  return <AddressEditor id={params.id ?? 'new'} back="/account/addressbook" />
}
