import type { RecordData } from '@shopwright/core/shared'
import { DRIVE_SECURITY } from '../shared/types.js'

/**
 * The `drive` security record (allmanagers full), inserted when missing so a site without the
 * sample company still has its drive gated. An administrator can add roles, and set other security
 * records on folders (docs/drive.md, "Folders and rights").
 */
export function driveSecurity(): RecordData {
  return {
    type: 'security',
    id: DRIVE_SECURITY,
    name: 'Drive',
    access: [
      {
        id: 'allmanagers',
        role: 'allmanagers',
        view: true,
        edit: true,
        create: true,
        delete: true,
      },
    ],
  }
}

export function driveRecordSeeds(): RecordData[] {
  return [driveSecurity()]
}
