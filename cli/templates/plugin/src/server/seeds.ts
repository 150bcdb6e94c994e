import type { RecordData } from '@shopwright/core/shared'
import { __CONST__ } from '../shared/types.js'

/**
 * The records this plugin needs: its record type (staff edit `__NAME__` records in the admin's
 * generic record editor, with the bin, import, export and the log); its security record is declared
 * in the plugin's definition. Inserted when missing, on every start; a site's own changes are never
 * overwritten.
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
  ]
}
