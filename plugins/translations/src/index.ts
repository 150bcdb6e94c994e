import { definePlugin, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { RECORD_CHANGED } from '@shopwright/plugin-records'
import { translationSeeds } from './seeds/index.js'
import {
  TRANSLATION_CACHE,
  TRANSLATION_SECURITY,
  TRANSLATION_TYPE,
  TranslationSets,
} from './server/translation-sets.js'
import { MachineTranslation } from './server/machine-translation.js'
import { AutoFill } from './server/auto-fill.js'
import { translationRoutes } from './server/routes.js'
import { TRANSLATIONS_ERRORS } from './shared/errors.js'
import { TRANSLATIONS_SETTINGS } from './server/settings.js'
import type { TranslationSource } from './server/translation-source.js'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

// The package's public surface: the plugin and the text source's type; the browser-safe types of
// the sets are its `./shared` entry. Everything else is internal; tests reach it through its path.
export type { TranslationSource }
export type { DeclaredPhrases, PluginPhrases, PluginPhraseKeeper } from './server/plugin-phrases.js'

declare module '@shopwright/core' {
  // This plugin's error codes: createError accepts them wherever this package's types are seen.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof TRANSLATIONS_ERRORS> {}
  interface Services {
    translationSets: TranslationSets
    /** Optional: a page renderer asks for it with optional('translationSource'). */
    translationSource?: TranslationSource
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    machineTranslation: MachineTranslation
    autoFill: AutoFill
  }
}

/**
 * The translations plugin: the five translation sets, their table editor's calls, CSV import and
 * export, machine translation (Auto-Fill) through a LibreTranslate server, and every page's texts.
 */
export default definePlugin({
  name: 'translations',
  dependsOn: ['records'],
  // Machine translation and auto-fill stay in this plugin's container (docs/plugins.md, "Services").
  provides: ['translationSets', 'translationSource'],
  requires: ['records'],
  settings: TRANSLATIONS_SETTINGS,
  errors: TRANSLATIONS_ERRORS,
  // Everyone reads the texts; development and marketing write them (docs/security.md).
  security: {
    [TRANSLATION_SECURITY]: {
      name: 'Translation',
      access: {
        all: ['view'],
        development: ['edit', 'create'],
        developmentmanager: ['edit', 'create', 'delete'],
        marketing: ['edit'],
        marketingmanager: ['edit'],
      },
    },
  },
  seeds: translationSeeds,
  register({ container, settings }) {
    container.register({
      translationSets: asFunction(
        ({ records, cache }) => new TranslationSets(records, cache),
      ).singleton(),
      machineTranslation: asFunction(
        ({ meters }) => new MachineTranslation(settings, undefined, meters),
      ).singleton(),
      autoFill: asFunction(
        ({ translationSets, machineTranslation }) =>
          new AutoFill(translationSets, machineTranslation),
      ).singleton(),
      // The kernel's key for "a page's texts": the storefront renders pages already translated.
      translationSource: asFunction(({ translationSets }) => translationSets).singleton(),
    })
  },
  bootstrap({ services, logger, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('translations', [
      '/data/translation',
      '/data/translation/:id',
      '/translation',
      '/translation/:id',
    ])
    // A changed set drops the merged texts on every node (cache clears travel through Redis).
    services.events.on<{ type: string }>(RECORD_CHANGED, async ({ type }) => {
      if (type === TRANSLATION_TYPE) await services.cache.clear(TRANSLATION_CACHE)
    })
    // The texts other plugins' screens show (added in their bootstrap), added to the sets that
    // lack them; a plugin that starts later adds its own as it bootstraps.
    void services.translationSets.phrases.start(logger, services.lifecycle.signal)
  },
  routes(router, { services, access }) {
    translationRoutes(router, services, access)
  },
})
