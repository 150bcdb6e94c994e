import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
import { PAGE_LINK_EDITOR } from '@shopwright/admin-ui/kit'
// For their English: this plugin's error codes, shown by its screens (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { recordsSiteLanguages } from './site-languages.js'
import { recordsSiteSettings } from './site-settings.js'
import { LazyPageLinkPicker, LazyRecordListPicker, LazyRecordPicker } from './LazyRecordPicker.js'

const RecordTypes = lazy(() => import('./RecordTypesScreen.js'))
const RecordList = lazy(() => import('./RecordListScreen.js'))
const Record = lazy(() => import('./RecordScreen.js'))
const fixed = (
  name: 'ConfigurationList' | 'ConfigurationRecord' | 'TypesList' | 'ListsList' | 'SecurityList',
) => lazy(() => import('./FixedScreens.js').then((module) => ({ default: module[name] })))
const Bin = lazy(() => import('./BinScreen.js'))
const SecurityMatrix = lazy(() => import('./security/SecurityMatrixScreen.js'))

/**
 * The record list and editor, for other plugins' panels that show records their own way (the
 * translations plugin's list and its New form). Lazy like the panels: the app imports this module
 * at start, so a plain re-export would put both screens and their editors into the admin's first
 * load (17 KB of JavaScript more, measured). Render them as any component; the layout's Suspense
 * shows 'Loading' the first time.
 */
export const RecordListScreen = lazy(() =>
  import('./RecordListScreen.js').then((module) => ({ default: module.RecordListScreen })),
)
export const RecordScreen = lazy(() =>
  import('./RecordScreen.js').then((module) => ({ default: module.RecordScreen })),
)
export type { RecordListProps } from './RecordListScreen.js'
export type { RecordScreenProps } from './RecordScreen.js'
// Small parts other lists reuse (the translation editor's Languages dialog, its delete question).
export { deleteQuestion } from './questions.js'
export {
  ListEditorToolbar,
  SelectAllCell,
  SelectCell,
  useListEditing,
  type ListEditing,
} from './list-editor.js'
// The naming rule (docs/admin.md, "Names"), for screens that name records of any type (the Log).
export { recordName, titleFieldOf } from '../shared/record-name.js'

/**
 * The records plugin's admin screens: the data, types, lists, security and configuration lists, the
 * record editor and the bin, and the record fields' search picker. Menu entries follow the spec's order. The site's languages, which
 * records keep, are the shell's too (its start language and menu).
 */
export default defineAdmin({
  plugin: 'records',
  siteLanguages: recordsSiteLanguages,
  siteSettings: recordsSiteSettings,
  panels: [
    {
      path: '/data',
      security: 'admin',
      menu: {
        label: 'Data',
        icon: 'database',
        order: 10,
        description: 'Every kind of record: customers, items, pages and more.',
      },
      Component: RecordTypes,
    },
    {
      path: '/data/recordtype',
      security: 'admin',
      menu: {
        label: 'Types',
        icon: 'database',
        order: 20,
        description: 'The record types and their fields.',
      },
      Component: fixed('TypesList'),
    },
    {
      path: '/data/listtype',
      security: 'admin',
      menu: {
        label: 'Lists',
        icon: 'format-list-bulleted',
        order: 30,
        description: 'The lists that fields choose their values from.',
      },
      Component: fixed('ListsList'),
    },
    {
      path: '/configuration',
      security: 'configuration',
      menu: {
        label: 'Configuration',
        icon: 'cog',
        order: 40,
        description: 'The site’s settings: web, e-mail, shop.',
      },
      Component: fixed('ConfigurationList'),
    },
    { path: '/configuration/:id', Component: fixed('ConfigurationRecord') },
    {
      path: '/data/security',
      security: 'security',
      menu: {
        label: 'Security',
        icon: 'shield-lock',
        order: 90,
        description: 'Who may view, edit, create, delete and publish what.',
      },
      Component: fixed('SecurityList'),
    },
    // The security records as a matrix of roles and rights, next to the spec's list of them.
    {
      path: '/security',
      security: 'security',
      menu: {
        label: 'Permissions',
        icon: 'shield-lock',
        order: 91,
        description: 'Every role’s rights on every security record, as a matrix.',
      },
      Component: SecurityMatrix,
    },
    {
      path: '/bin',
      security: 'bin',
      menu: {
        label: 'Bin',
        icon: 'delete',
        order: 140,
        description: 'Deleted records, to restore or remove for good.',
      },
      Component: Bin,
    },
    { path: '/data/:recordtype', Component: RecordList },
    { path: '/data/:recordtype/:id', Component: Record },
  ],
  // Record and record list fields search every record of their type on the server, by name (docs/admin.md,
  // "Pickers"), where the kit's own select holds a first page only.
  fields: {
    record: LazyRecordPicker,
    recordlist: LazyRecordListPicker,
    // The rich-text link row's chooser of a record to link to, by its page's address.
    [PAGE_LINK_EDITOR]: LazyPageLinkPicker,
  },
})
