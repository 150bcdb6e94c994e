import type { SiteLocation } from '@shopwright/storefront/shared'

/** A location's contact details: organisation, address, region, country, phone and e-mail links. */
export function ContactBlock({ location }: { location: SiteLocation }) {
  return (
    <address className="sw-contact">
      <strong>{location.organization}</strong>
      {location.addressLines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      {location.region ? <span>{location.region}</span> : null}
      {location.country ? <span>{location.country}</span> : null}
      {location.telephone ? (
        <a href={`tel:${location.telephone.replace(/\s+/g, '')}`}>{location.telephone}</a>
      ) : null}
      {location.email ? <a href={`mailto:${location.email}`}>{location.email}</a> : null}
    </address>
  )
}
