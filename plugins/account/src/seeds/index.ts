import type { RecordData } from '@shopwright/core'
// JSON imports are bundled into dist by esbuild, so the built package reads no files at run time.
import customer from './recordtype-customer.json' with { type: 'json' }
import employee from './recordtype-employee.json' with { type: 'json' }

/**
 * The account plugin's seed records: the record types of accounts (`employee` for staff,
 * `customer` for shoppers). A fresh copy on every
 * call, so a caller that edits one cannot change the next caller's seed.
 */
export function accountSeeds(): RecordData[] {
  return structuredClone([employee, customer])
}
