import type { RecordData } from '@shopwright/core/shared'
import { __CONST__ } from '../shared/types.js'

/**
 * The records this plugin needs: its record type (staff edit `__NAME__` records in the admin's
 * generic record editor, with the bin, import, export and the log) and its security record (who
 * may do what). Inserted when missing, on every start; a site's own changes are never overwritten.
 */
export function __NAME__Seeds(): RecordData[] {
  return [
    {
      type: 'recordtype',
      id: __CONST__,
      name: '__TITLE__',
      icon: 'information',
      description: 'A message of the __NAME__ plugin.',
      showintypes: true,
      security: __CONST__,
      fields: [
        { id: 'title', name: 'Title', datatype: 'text', required: true, showinlist: true },
        { id: 'message', name: 'Message', datatype: 'longtext' },
        {
          id: 'published',
          name: 'Published',
          datatype: 'boolean',
          default: false,
          showinlist: true,
        },
      ],
    },
    {
      type: 'security',
      id: __CONST__,
      name: '__TITLE__',
      access: [
        {
          id: 'allmanagers',
          role: 'allmanagers',
          view: true,
          edit: true,
          create: true,
          delete: true,
        },
        { id: 'marketing', role: 'marketing', view: true, edit: true, create: true, delete: false },
      ],
    },
  ]
}
