import type { RecordData } from '@shopwright/core/shared'
import { LOG_SECURITY } from '../shared/types.js'

/**
 * The `log` security record as the sample company has it (allmanagers view and delete, development
 * views), inserted when missing so a site without the sample company still has its log gated: the
 * list needs view, the clear needs delete. An administrator may add roles.
 */
export function logSecurity(): RecordData {
  const entry = (role: string, remove: boolean) => ({
    id: role,
    role,
    view: true,
    edit: false,
    create: false,
    delete: remove,
  })
  return {
    type: 'security',
    id: LOG_SECURITY,
    name: 'Log',
    access: [entry('allmanagers', true), entry('development', false)],
  }
}

/** What the plugin seeds: inserted by `shopwright seed` (and every start) when missing. */
export function logRecordSeeds(): RecordData[] {
  return [logSecurity()]
}
