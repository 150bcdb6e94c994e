import { createRequire } from 'node:module'
import { slugId } from './slug.js'

/** The shape of one entry of country-region-data's data.json. */
interface RegionSource {
  countryShortCode: string
  regions: { name: string; shortCode?: string }[]
}

/**
 * Loaded with require because an ESM JSON import needs an import attribute that esbuild strips
 * from external imports when it targets node20 (Node then refuses the import).
 */
const regionData = createRequire(import.meta.url)('country-region-data/data.json') as RegionSource[]

/** One region (state, province, county...) of a country, as kept on the country record. */
export interface Region {
  id: string
  name: string
}

/**
 * The regions of every country, keyed by upper-case ISO 3166-1 alpha-2 code, from
 * country-region-data. We read its data.json rather than its dist module because the dist module
 * writes a missing short code as the string "undefined".
 */
export function regionsByCountry(): Map<string, Region[]> {
  const byCountry = new Map<string, Region[]>()
  for (const country of regionData) {
    byCountry.set(country.countryShortCode, regionList(country.regions))
  }
  return byCountry
}

/** Gives each region a lower-case id from its short code, or from its name when the code is missing. */
function regionList(source: RegionSource['regions']): Region[] {
  const used = new Set<string>()
  return source.map(({ name, shortCode }) => {
    const base = slugId(shortCode ?? '') || slugId(name)
    let id = base
    // A slug made from a name could repeat another region's code; a suffix keeps ids unique.
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`
    used.add(id)
    return { id, name }
  })
}
