/** What the cluster suites put in the shop: customers made with the CLI, items, an address. */
import type { Cluster } from './harness/index.js'

/** `shopwright user add --type customer` beside the site, with app node `node`'s settings. */
export function addCustomer(
  cluster: Cluster,
  node: number,
  customer: { email: string; password: string },
): Promise<void> {
  return cluster.addUser({ ...customer, type: 'customer' }, { node })
}

/** An online item of the sample company's Home & Kitchen category, priced in USD at `price`. */
export function mugRecord(id: string, name: string, stock: number, price: number) {
  return {
    type: 'item',
    id,
    itemid: name,
    displayname: `${name} mug`,
    urlcomponent: id,
    online: true,
    primarycategory: { reference: true, type: 'webcategory', id: 'home-kitchen' },
    stock,
    price1: {
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
    },
  }
}

/** A shopper's address book line, their default for shipping and billing (`/query/ns/profile/update`). */
export const SHOPPER_ADDRESS = {
  addressbook: {
    new: {
      addressee: 'Cluster Shopper',
      addr1: '1 Galera Way',
      city: 'Springfield',
      zip: '12345',
      country: 'us',
      defaultbilling: true,
      defaultshipping: true,
    },
  },
}
