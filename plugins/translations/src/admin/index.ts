import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
// For their English: this plugin's error codes, shown by its screens (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { adminTexts } from './admin-texts.js'

const TranslationList = lazy(() => import('./TranslationListScreen.js'))
const TranslationEditor = lazy(() => import('./TranslationEditorScreen.js'))

/**
 * The translation screens (README, "The table editor"): the sets' list and the table editor. The
 * menu's Translation entry is /data/translation; that address and /translation show the same list,
 * and a set opens in the table editor at either. The sets are the texts of the admin itself too.
 */
export default defineAdmin({
  plugin: 'translations',
  texts: adminTexts,
  panels: [
    {
      path: '/data/translation',
      security: 'translation',
      menu: {
        label: 'Translation',
        icon: 'translate',
        order: 50,
        description: 'The texts of the shop and the admin in every language.',
      },
      Component: TranslationList,
    },
    { path: '/translation', security: 'translation', Component: TranslationList },
    { path: '/translation/:id', security: 'translation', Component: TranslationEditor },
    { path: '/data/translation/:id', security: 'translation', Component: TranslationEditor },
  ],
})
