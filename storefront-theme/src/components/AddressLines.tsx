import type { ShipAddress } from '../lib/commerce.js'
import { useCountries, useRegions } from './countries.js'

/** The parts of an address the theme writes: an address book line, a cart's shipping address. */
export type AddressParts = Pick<
  ShipAddress,
  'addressee' | 'addr1' | 'addr2' | 'city' | 'state' | 'zip' | 'country' | 'addrphone'
>

/** Countries that write "City, Region Postal code" on one line. */
const CITY_FIRST = new Set(['us', 'ca', 'au'])
/** Countries that write the town, then the postcode on a line of its own. */
const POSTCODE_BELOW = new Set(['gb', 'ie'])

/** The name of a place among options, else its stored id as it is (names load after the page). */
function nameOf(options: ReadonlyArray<{ id: string; name: string }> | null, id: string): string {
  return options?.find((option) => option.id === id.toLowerCase())?.name ?? id
}

/** An address's lines in its country's order, with country and region by name. */
function PartsLines({ address }: { address: AddressParts }) {
  const countries = useCountries()
  const regions = useRegions(address.country ?? '')
  const country = address.country ? nameOf(countries, address.country) : ''
  const region = address.state ? nameOf(regions, address.state) : ''
  const code = (address.country ?? '').toLowerCase()
  // Else the continental way: "Postal code City", the region below.
  const place = CITY_FIRST.has(code)
    ? [[[address.city, region].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ')]
    : POSTCODE_BELOW.has(code)
      ? [address.city, region, address.zip]
      : [[address.zip, address.city].filter(Boolean).join(' '), region]
  return (
    <Lines
      lines={[
        address.addressee,
        address.addr1,
        address.addr2,
        ...place,
        country,
        address.addrphone,
      ]}
    />
  )
}

function Lines({ lines }: { lines: ReadonlyArray<string | null | undefined> }) {
  const shown = lines.filter((line): line is string => Boolean(line && line.trim()))
  if (shown.length === 0) return <span className="sw-muted">—</span>
  return (
    <address className="sw-address">
      {shown.map((line, index) => (
        <span key={index}>
          <bdi>{line}</bdi>
        </span>
      ))}
    </address>
  )
}

/**
 * An address as a block of lines, each in its own direction (`<bdi>`). An address of the book or
 * a cart is written in its country's order with the country and region by name in the page's
 * language; a document's stored address text is split at its line breaks, as written. None, or
 * nothing in it, shows a dash.
 */
export function AddressLines({ address }: { address: AddressParts | string | null | undefined }) {
  if (!address) return <Lines lines={[]} />
  if (typeof address === 'string') return <Lines lines={address.split('\n')} />
  return <PartsLines address={address} />
}
