import type { RecordData } from '@shopwright/core/shared'
import { configurationTypes } from './configuration-types.js'
import { listTypes } from './list-types.js'
import { recordTypes } from './record-types.js'
import { menus, routes, webPages } from './website.js'

export { configurationTypes } from './configuration-types.js'
export { listTypes } from './list-types.js'
export {
  OTHER_PACKAGES_LIST_TYPES,
  OTHER_PLUGINS_RECORD_TYPES,
  recordTypes,
} from './record-types.js'
export { RECORDS_SECURITY, REFERENCE_SECURITY, WEBSITE_SECURITY } from './security.js'
export { menus, routes, webPages } from './website.js'

/**
 * The records plugin's seeds (see README.md beside this file): the record types it owns, the list
 * and configuration types their fields and the sample configuration need, and the sample storefront's pages, routes and header menu. Pure and synchronous;
 * every call builds new objects, so a caller may change what it gets.
 */
export function recordsPluginSeeds(): RecordData[] {
  return [
    ...recordTypes(),
    ...listTypes(),
    ...configurationTypes(),
    ...webPages(),
    ...routes(),
    ...menus(),
  ]
}
