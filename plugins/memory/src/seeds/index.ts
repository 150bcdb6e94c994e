import type { RecordData } from '@shopwright/core/shared'
import { MEMORY_SECURITY } from '../shared/types.js'

/**
 * The `memory` security record (developmentmanager full, nobody else), inserted when missing so a
 * site without the sample company still has the screen gated. The administrator role has every
 * right whatever the record says.
 */
export function memorySecurity(): RecordData {
  return {
    type: 'security',
    id: MEMORY_SECURITY,
    name: 'Memory',
    access: [
      {
        id: 'developmentmanager',
        role: 'developmentmanager',
        view: true,
        edit: true,
        create: true,
        delete: true,
      },
    ],
  }
}

/** What the plugin seeds. */
export function memorySeeds(): RecordData[] {
  return [memorySecurity()]
}
