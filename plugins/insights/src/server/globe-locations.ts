import type { LocatedSession } from '@shopwright/plugin-sessions'
import type { GlobeLocation, LiveInsights } from '../shared/types.js'

/**
 * The globe's markers (README, "Calls"): sessions grouped by place (the same city, region, country
 * and coordinates), Primary where a genuine confirmed session is, Other otherwise; places at 0,0
 * (no real location) are skipped.
 */
export function globeLocations(sessions: readonly LocatedSession[]): Omit<LiveInsights, 'live'> {
  const places = new Map<string, GlobeLocation>()
  for (const session of sessions) {
    const { latitude, longitude } = session
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue
    if (latitude === 0 && longitude === 0) continue
    const key = `${latitude},${longitude},${session.country}|${session.region}|${session.city}`
    const primary = session.confirmed && session.genuine
    const place = places.get(key)
    if (place) {
      place.count++
      if (primary) place.style = 'Primary'
    } else
      places.set(key, {
        longitude,
        latitude,
        count: 1,
        city: session.city,
        region: session.region,
        country: session.country,
        style: primary ? 'Primary' : 'Other',
      })
  }
  return { locations: [...places.values()], sessions: sessions.length }
}
