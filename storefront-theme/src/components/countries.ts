import { useEffect, useMemo, useState } from 'react'
import { type RecordData } from '@shopwright/core/shared'
import { collatorFor, type RecordCollection } from '@shopwright/client'
import { nameIn, type NameTranslations } from '@shopwright/storefront/shared'
import { useSession, useTranslation } from '@shopwright/storefront/react'

/** A country or region as a select offers it: its id and its name in the page's language. */
export interface PlaceOption {
  id: string
  name: string
}

interface Named {
  id: string
  name: string
  translations?: NameTranslations
}

/** Names in the page's language, in its alphabetical order. */
function inLanguage(places: readonly Named[], language: string): PlaceOption[] {
  return places
    .map((place) => ({ id: place.id, name: nameIn(language, place) }))
    .sort((a, b) => collatorFor(language).compare(a.name, b.name))
}

type Client = ReturnType<typeof useSession>['client']

/** The country records, cached medium: one call in flight however many ask. */
function loadCountries(client: Client): Promise<RecordCollection<RecordData>> {
  return client.get<RecordCollection<RecordData>>(
    '/data/list/country',
    { pagesize: 1000, fields: 'name,translations' },
    { cache: 'medium' },
  )
}

/**
 * Starts loading the countries before a form that needs them shows (checkout's guest form waits
 * for the review first): the form then finds them loaded, or shares the call in flight.
 */
export function prefetchCountries(client: Client): void {
  // A failure is the form's to show, when it asks again.
  loadCountries(client).catch(() => undefined)
}

/**
 * The country records (`/query/data/list/country`, cached medium), named and sorted in the
 * page's language; null while they load, empty when they cannot be read.
 */
export function useCountries(): PlaceOption[] | null {
  const { client } = useSession()
  const { language } = useTranslation()
  const [countries, setCountries] = useState<Named[] | null>(null)
  useEffect(() => {
    let live = true
    loadCountries(client).then(
      (answer) =>
        live &&
        setCountries(
          answer.list.map((record) => ({
            id: record.id,
            name: String(record.name ?? record.id),
            translations: (record.translations ?? {}) as NameTranslations,
          })),
        ),
      () => live && setCountries([]),
    )
    return () => {
      live = false
    }
  }, [client])
  return useMemo(() => (countries ? inLanguage(countries, language) : null), [countries, language])
}

/**
 * The regions of a country (its record's `regions`, cached medium) in the page's language's order;
 * an empty list for a country without regions or none chosen, null while they load.
 */
export function useRegions(country: string): PlaceOption[] | null {
  const { client } = useSession()
  const { language } = useTranslation()
  const [regions, setRegions] = useState<{ country: string; list: Named[] } | null>(null)
  useEffect(() => {
    let live = true
    if (!/^[a-z0-9_-]{1,64}$/i.test(country)) {
      setRegions({ country, list: [] })
      return
    }
    client
      .get<RecordData>(
        `/data/get/country/${encodeURIComponent(country.toLowerCase())}`,
        undefined,
        {
          cache: 'medium',
        },
      )
      .then(
        (record) =>
          live &&
          setRegions({
            country,
            list: Array.isArray(record.regions) ? (record.regions as Named[]) : [],
          }),
        () => live && setRegions({ country, list: [] }),
      )
    return () => {
      live = false
    }
  }, [client, country])
  return useMemo(
    () => (regions && regions.country === country ? inLanguage(regions.list, language) : null),
    [regions, country, language],
  )
}
