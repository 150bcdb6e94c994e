import type { ShipAddress } from '../lib/commerce.js'

/** The parts of an address the theme writes: an address book line, a cart's shipping address. */
export type AddressParts = Pick<
  ShipAddress,
  'addressee' | 'addr1' | 'addr2' | 'city' | 'state' | 'zip' | 'country' | 'addrphone'
>

/**
 * An address's lines in the order an order or invoice stores them as text (addressee, the two
 * street lines, city region postal code, country code, phone); a stored text is split at its line
 * breaks, as written.
 */
function linesOf(address: AddressParts | string): string[] {
  if (typeof address === 'string') return address.split('\n')
  return [
    address.addressee,
    address.addr1,
    address.addr2,
    [address.city, address.state, address.zip].filter(Boolean).join(' '),
    address.country.toUpperCase(),
    address.addrphone,
  ]
}

/**
 * An address as a block of lines, each in its own direction (`<bdi>`): an address of the book or
 * a document's stored address text. None, or nothing in it, shows a dash.
 */
export function AddressLines({ address }: { address: AddressParts | string | null | undefined }) {
  const lines = address ? linesOf(address).filter((line) => line && line.trim()) : []
  if (lines.length === 0) return <span className="sw-muted">—</span>
  return (
    <address className="sw-address">
      {lines.map((line, index) => (
        <span key={index}>
          <bdi>{line}</bdi>
        </span>
      ))}
    </address>
  )
}
