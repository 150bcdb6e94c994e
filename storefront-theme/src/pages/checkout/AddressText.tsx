import type { ShipAddress } from '../../lib/commerce.js'

/** An address's lines, each in its own direction (<bdi>), as a block. */
export function AddressText({ address }: { address: ShipAddress }) {
  const lines = [
    address.addressee,
    address.addr1,
    address.addr2,
    [address.zip, address.city, address.state].filter(Boolean).join(' '),
    address.country.toUpperCase(),
    address.addrphone,
  ].filter((line) => line && line.trim())
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
