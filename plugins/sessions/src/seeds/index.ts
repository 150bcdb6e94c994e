import type { RecordData } from '@shopwright/core/shared'
import { SESSIONS_SECURITY } from '../shared/types.js'

/**
 * The `sessions` security record (allmanagers full), inserted when missing so a site without the
 * sample company still has its sessions gated. An administrator may add roles.
 */
export function sessionsSecurity(): RecordData {
  return {
    type: 'security',
    id: SESSIONS_SECURITY,
    name: 'Sessions',
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

export function sessionsSeeds(): RecordData[] {
  return [sessionsSecurity()]
}
