import type { PageProps } from '@shopwright/storefront/shared'
import { AddressEditor } from './AddressEditor.js'

/**
 * `/account/address/:id` (`new` for a new one): Line 1, City, Postal Code and Country are required
 * (`addressErrors`, the account plugin's rules, which its server checks again); an invalid form
 * shows its errors and 'Unable to Continue'. `?defaults=true` (query options are the route's
 * props) tells the editor the address is already the default for shipping and billing.
 */
export function Address({ params, props }: PageProps) {
  const defaults = props.defaults === 'true' || props.defaults === '1'
  return (
    <AddressEditor id={params.id ?? 'new'} back="/account/addressbook" alreadyDefaults={defaults} />
  )
}
