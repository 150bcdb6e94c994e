import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
// For their English: the screens show the drive's error codes (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { DRIVE_SECURITY } from '../shared/types.js'
import { LazyPathField } from './fields/LazyPathField.js'
import { DRIVE_BASE } from './base.js'

/**
 * The drive's admin module: the drive screen at `/drive` and every path below it, the editor at
 * `/editor`, both gated by the `drive` security record, and the record form's editors of the four
 * path datatypes. Everything heavy (the screens, CodeMirror, Prettier, the picker) is a lazy chunk:
 * this module is part of the admin's first load.
 */
export default defineAdmin({
  plugin: 'drive',
  panels: [
    {
      path: `${DRIVE_BASE}/*`,
      security: DRIVE_SECURITY,
      menu: {
        label: 'Drive',
        icon: 'folder',
        order: 60,
        to: DRIVE_BASE,
        description: 'Files and folders: pictures, documents, the theme’s files.',
      },
      Component: lazy(() => import('./DriveScreen.js')),
    },
    {
      path: '/editor',
      security: DRIVE_SECURITY,
      Component: lazy(() => import('./EditorScreen.js')),
    },
  ],
  fields: {
    folder: LazyPathField,
    privatefolder: LazyPathField,
    publicfolder: LazyPathField,
    personalfolder: LazyPathField,
  },
})
