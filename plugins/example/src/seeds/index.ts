import type { RecordData } from '@shopwright/core/shared'
import { ANNOUNCEMENT_SECURITY, ANNOUNCEMENT_TYPE } from '../shared/types.js'

/**
 * The `announcement` record type: data, like every record type, so staff create and edit
 * announcements in the generic record editor (`/data/announcement`), with the bin, import, export
 * and the log, and a site may add fields of its own.
 */
export function announcementRecordType(): RecordData {
  return {
    type: 'recordtype',
    id: ANNOUNCEMENT_TYPE,
    name: 'Announcement',
    icon: 'information',
    description: 'A banner the storefront shows to every visitor while it is published.',
    showintypes: true,
    security: ANNOUNCEMENT_SECURITY,
    fields: [
      { id: 'headline', name: 'Headline', datatype: 'text', required: true, showinlist: true },
      { id: 'message', name: 'Message', datatype: 'longtext' },
      {
        id: 'published',
        name: 'Published',
        description: 'Shown on the storefront between its start and end.',
        datatype: 'boolean',
        default: false,
        showinlist: true,
      },
      { id: 'starts', name: 'Starts', datatype: 'datetime', showinlist: true },
      { id: 'ends', name: 'Ends', datatype: 'datetime', showinlist: true },
      {
        id: 'dismissals',
        name: 'Dismissals',
        description: 'How many signed-in people closed it; kept by the server.',
        datatype: 'integer',
        default: 0,
        display: 'view',
      },
    ],
  }
}

/** What the plugin seeds: inserted by `shopwright seed` (and a new site's first start) when missing. */
export function exampleSeeds(): RecordData[] {
  return [announcementRecordType()]
}
