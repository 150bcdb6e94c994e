import type { RecordData } from '@shopwright/core/shared'
// JSON imports are bundled into dist by esbuild, so the built package needs no file reads at run time.
import configuration from '../data/configuration.json' with { type: 'json' }
import currency from '../data/currency.json' with { type: 'json' }
import location from '../data/location.json' with { type: 'json' }
import role from '../data/role.json' with { type: 'json' }
import security from '../data/security.json' with { type: 'json' }

/**
 * The sample company's own records (README, "What is seeded"): the web, images and pagination
 * configuration, the worldwide location, the usd and eur currencies in the company's formats, the
 * security records and the roles. A fresh deep copy on every call, so a caller that edits a record
 * cannot change the next caller's seed.
 */
export function sampleCompany(): RecordData[] {
  const records: RecordData[] = [
    ...configuration,
    ...location,
    ...currency,
    ...security,
    ...role,
    roleList(),
  ]
  return structuredClone(records)
}

/** `listtype/role`: the roles as the values of the account editor's roles field, sorted by name. */
function roleList(): RecordData {
  const values = (role as Array<{ id: string; name: string }>).map((entry) => ({
    id: entry.id,
    name: entry.name,
  }))
  values.sort((a, b) => a.name.localeCompare(b.name, 'en'))
  return { type: 'listtype', id: 'role', name: 'Role', values }
}
