import { type ListTypeData } from '@shopwright/client'

/**
 * The list types the fields of this plugin's record and configuration types choose from. The
 * language list is not here: @shopwright/seeds builds it from its reference data.
 */
export function listTypes(): ListTypeData[] {
  return [
    {
      type: 'listtype',
      id: 'seo',
      name: 'SEO Mode',
      values: [
        { id: 'static', name: 'Static' },
        { id: 'record', name: 'Record' },
      ],
    },
    {
      type: 'listtype',
      id: 'translationset',
      name: 'Translation Set',
      // The five translation sets (docs/api.md, "Translations").
      values: [
        { id: 'account', name: 'Account' },
        { id: 'admin', name: 'Admin' },
        { id: 'general', name: 'General' },
        { id: 'server', name: 'Server' },
        { id: 'store', name: 'Store' },
      ],
    },
    {
      type: 'listtype',
      id: 'compilemode',
      name: 'Compile Mode',
      // The only mode the spec names (the web configuration's "compile modes (debug)"); the plugin
      // that compiles pages adds its own when it comes.
      values: [{ id: 'debug', name: 'Debug' }],
    },
  ]
}
