import { nameIn, type SiteLocation } from '@shopwright/storefront/shared'
import { useTranslation } from '@shopwright/storefront/react'

/**
 * A location's contact details: organisation, address, region, country (named in the current
 * language), phone and e-mail links. Each part is isolated (<bdi>): written in its own direction,
 * a street number or a phone number stays in order on a right-to-left page.
 */
export function ContactBlock({ location }: { location: SiteLocation }) {
  const { language } = useTranslation()
  const country = nameIn(language, {
    name: location.country,
    translations: location.countryTranslations,
  })
  return (
    <address className="sw-contact">
      <strong>
        <bdi>{location.organization}</bdi>
      </strong>
      {location.addressLines.map((line) => (
        <span key={line}>
          <bdi>{line}</bdi>
        </span>
      ))}
      {location.region ? (
        <span>
          <bdi>{location.region}</bdi>
        </span>
      ) : null}
      {country ? (
        <span>
          <bdi>{country}</bdi>
        </span>
      ) : null}
      {location.telephone ? (
        <a href={`tel:${location.telephone.replace(/\s+/g, '')}`}>
          <bdi>{location.telephone}</bdi>
        </a>
      ) : null}
      {location.email ? (
        <a href={`mailto:${location.email}`}>
          <bdi>{location.email}</bdi>
        </a>
      ) : null}
    </address>
  )
}
