import { expect, it } from 'vitest'
import { definePlugin, defineErrors, SYSTEM_ACTOR } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import { addSetPhrases, phrasesBySet } from '../src/server/plugin-phrases.js'
import type { TranslationEntry } from '../src/shared/types.js'
import { TRANSLATIONS_SUITE } from './helpers.js'

const PROBE_ERRORS = defineErrors({
  ERROR_PROBE_BROKEN: { message: 'The probe is broken.', status: 500 },
})

/** Two plugins that declare phrases: one phrase both name, one code with its French. */
const first = definePlugin({
  name: 'probe-one',
  errors: PROBE_ERRORS,
  bootstrap({ optional }) {
    optional('translationSets')?.phrases.add('probe-one', {
      admin: {
        'Probe Screen': { fr: 'Écran sonde' },
        'Shared Word': { fr: 'Mot partagé (un)' },
      },
      server: { ERROR_PROBE_BROKEN: { fr: 'La sonde est cassée.' } },
    })
  },
})
const second = definePlugin({
  name: 'probe-two',
  bootstrap({ optional }) {
    optional('translationSets')?.phrases.add('probe-two', {
      admin: {
        'Shared Word': { fr: 'Mot partagé (deux)' },
        'Second Screen': { fr: 'Second écran', de: 'Zweiter Bildschirm' },
      },
    })
  },
})

describePlugin(
  'plugin phrases',
  { ...TRANSLATIONS_SUITE, plugins: [...TRANSLATIONS_SUITE.plugins, first, second] },
  (site) => {
    const entriesOf = async (set: string) =>
      ((await site.kernel.services.records.find('translation', set))?.entries ??
        []) as TranslationEntry[]
    const textsOf = async (set: string, phrase: string) =>
      (await entriesOf(set)).filter((entry) => entry.phrase === phrase).map((e) => e.translations)

    it('adds the phrases running plugins declare to the sets, once each, after the site is seeded', async () => {
      // The sets were seeded after the plugins started: the phrases come once they exist.
      await expect
        .poll(() => textsOf('admin', 'Probe Screen'))
        .toEqual([{ 'en-us': 'Probe Screen', fr: 'Écran sonde' }])
      // Named by both plugins: added once, as the first (in start order) wrote it.
      expect(await textsOf('admin', 'Shared Word')).toEqual([
        { 'en-us': 'Shared Word', fr: 'Mot partagé (un)' },
      ])
      // Only the set's languages: the seeded sets have no German.
      expect(await textsOf('admin', 'Second Screen')).toEqual([
        { 'en-us': 'Second Screen', fr: 'Second écran' },
      ])
      // A code's English is the catalogue's message.
      await expect
        .poll(() => textsOf('server', 'ERROR_PROBE_BROKEN'))
        .toEqual([{ 'en-us': 'The probe is broken.', fr: 'La sonde est cassée.' }])
      const ids = (await entriesOf('admin')).map((entry) => entry.id)
      expect(new Set(ids).size).toBe(ids.length)
    })

    it("never changes a site's own translation, and brings back only what is missing", async () => {
      await expect.poll(() => textsOf('admin', 'Second Screen')).toHaveLength(1)
      await site.kernel.services.records.modify(
        SYSTEM_ACTOR,
        'translation',
        'admin',
        ['entries'],
        (record) => {
          const entries = record.entries as TranslationEntry[]
          entries.find((entry) => entry.phrase === 'Probe Screen')!.translations.fr = 'Sonde'
          record.entries = entries.filter((entry) => entry.phrase !== 'Second Screen')
        },
      )
      const { admin } = Object.fromEntries(
        [...phrasesBySet(site.kernel.services.translationSets.phrases.declared)].map(
          ([set, value]) => [set, value],
        ),
      )
      const add = () =>
        addSetPhrases(site.kernel.services.records, 'admin', admin!.phrases, admin!.plugins)
      expect(await add()).toBe(1)
      expect(await textsOf('admin', 'Probe Screen')).toEqual([
        { 'en-us': 'Probe Screen', fr: 'Sonde' },
      ])
      expect(await textsOf('admin', 'Second Screen')).toEqual([
        { 'en-us': 'Second Screen', fr: 'Second écran' },
      ])
      expect(await add()).toBe(0)
      // A set id that is not a record id stops the boot of the plugin that adds it.
      expect(() =>
        site.kernel.services.translationSets.phrases.add('probe-three', { '../admin': {} }),
      ).toThrow(expect.objectContaining({ code: 'SW_PLUGIN_INVALID' }))
      // A set that does not exist is waited for, not made.
      expect(
        await addSetPhrases(site.kernel.services.records, 'nosuchset', admin!.phrases, [
          'probe-one',
        ]),
      ).toBeNull()
    })
  },
)
