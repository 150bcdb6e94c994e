import { afterAll, beforeAll, expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { TranslationChangeAnswer, TranslationValue } from '../src/shared/types.js'
import { TRANSLATE_BATCH_TEXTS } from '../src/server/machine-translation.js'
import { startFakeLibreTranslate } from './fake-libretranslate.js'
import { TRANSLATIONS_SUITE, type Person } from './helpers.js'

type Fake = Awaited<ReturnType<typeof startFakeLibreTranslate>>

let fake: Fake
// The provider starts before the suites' sites, which are configured with its address.
beforeAll(async () => {
  fake = await startFakeLibreTranslate()
})
afterAll(() => fake.close())

describePlugin(
  'machine translation',
  {
    ...TRANSLATIONS_SUITE,
    get config() {
      return {
        settings: { translateUrl: fake.url, translateApiKey: 'secret-key', translateTimeout: 500 },
      }
    },
  },
  (site) => {
    const translate = (payload: unknown, path = 'en-us/fr', person: Person = 'developer') =>
      site.call(person, { method: 'POST', url: `/query/translate/${path}`, payload })
    const autoFill = (set: string, language: string) =>
      site.call('developer', {
        method: 'POST',
        url: `/query/translation/autofill/${set}/${language}`,
      })
    const getSet = async (id: string) =>
      (
        await site.call('developer', { url: `/query/translation/get/${id}` })
      ).json<TranslationValue>()

    it('answers the texts in the same order, sending the server codes it knows', async () => {
      fake.mode = 'ok'
      fake.requests.length = 0
      const reply = await translate(['Save', '', 'Cancel'])
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual(['[fr] Save', '', '[fr] Cancel'])
      // en-us is not a code the server lists: its base language goes instead. Blank texts stay home.
      expect(fake.requests).toEqual([
        {
          q: ['Save', 'Cancel'],
          source: 'en',
          target: 'fr',
          format: 'text',
          api_key: 'secret-key',
        },
      ])
    })

    it('batches 10,000 texts and refuses more', async () => {
      fake.mode = 'ok'
      fake.requests.length = 0
      const texts = Array.from({ length: 10_000 }, (_, index) => `Text ${index}`)
      const reply = await translate(texts)
      expect(reply.statusCode).toBe(200)
      const answer = reply.json<string[]>()
      expect(answer.length).toBe(10_000)
      expect(answer[9_999]).toBe('[fr] Text 9999')
      expect(fake.requests.length).toBe(10_000 / TRANSLATE_BATCH_TEXTS)
      expect(fake.requests.every((request) => request.q.length <= TRANSLATE_BATCH_TEXTS)).toBe(true)
      const tooMany = await translate([...texts, 'one more'])
      expect(tooMany.statusCode).toBe(400)
      expect(codeOf(tooMany)).toBe('ERROR_INVALID_INPUT')
    })

    it('answers a clear error for a provider that fails, answers garbage or times out', async () => {
      for (const [mode, status, code] of [
        ['garbage', 502, 'ERROR_TRANSLATE_FAILED'],
        ['short', 502, 'ERROR_TRANSLATE_FAILED'],
        ['error', 502, 'ERROR_TRANSLATE_FAILED'],
        ['slow', 504, 'ERROR_TRANSLATE_TIMEOUT'],
      ] as const) {
        fake.mode = mode
        const reply = await translate(['Save'])
        expect(reply.statusCode, mode).toBe(status)
        expect(codeOf(reply)).toBe(code)
        expect((reply.json() as { reason?: string }).reason).toMatch(/LibreTranslate/)
      }
      fake.mode = 'ok'
    })

    it('refuses bad calls and callers who may not edit translations', async () => {
      expect((await translate(['Save'], 'en-us/fr', 'customer')).statusCode).toBe(403)
      expect(codeOf(await translate({ q: 'Save' }))).toBe('ERROR_INVALID_INPUT')
      expect(codeOf(await translate([1, 2]))).toBe('ERROR_INVALID_INPUT')
      expect(codeOf(await translate(['Save'], 'en-us/f$r'))).toBe('ERROR_INVALID_INPUT')
      const get = await site.call('developer', { url: '/query/translate/en-us/fr' })
      expect(get.statusCode).toBe(405)
    })

    it('Auto-Fill fills empty cells from the default language; server codes from their English text', async () => {
      fake.mode = 'ok'
      await site.call('developer', {
        method: 'POST',
        url: '/query/translation/update/general',
        payload: {
          add: [
            { phrase: 'Fill me' },
            { phrase: 'Keep me', translations: { fr: 'Gardé' } },
            { phrase: 'ERROR_FILL_PROBE', translations: { 'en-us': 'Probe failed.' } },
            { phrase: 'ERROR_NO_SOURCE' },
          ],
        },
      })
      const reply = await autoFill('general', 'fr')
      expect(reply.statusCode, reply.body).toBe(200)
      const { value } = reply.json<TranslationChangeAnswer>()
      const text = (phrase: string, language = 'fr') =>
        value.entries.find((entry) => entry.phrase === phrase)?.translations[language]
      expect(text('Fill me')).toBe('[fr] Fill me')
      expect(text('Keep me')).toBe('Gardé')
      expect(text('ERROR_FILL_PROBE')).toBe('[fr] Probe failed.')
      expect(text('ERROR_NO_SOURCE')).toBeUndefined()

      // The default language itself: the phrase is copied, a server code is left for a person.
      const own = (await autoFill('general', 'en-us')).json<TranslationChangeAnswer>().value
      const ownText = (phrase: string) =>
        own.entries.find((entry) => entry.phrase === phrase)?.translations['en-us']
      expect(ownText('Fill me')).toBe('Fill me')
      expect(ownText('ERROR_NO_SOURCE')).toBeUndefined()
    })

    it('saves nothing when the provider fails during Auto-Fill', async () => {
      await site.call('developer', {
        method: 'POST',
        url: '/query/translation/update/general',
        payload: { add: [{ phrase: 'Not yet' }] },
      })
      const before = JSON.stringify(await getSet('general'))
      fake.mode = 'garbage'
      const reply = await autoFill('general', 'fr')
      expect(reply.statusCode).toBe(502)
      expect(codeOf(reply)).toBe('ERROR_TRANSLATE_FAILED')
      expect(JSON.stringify(await getSet('general'))).toBe(before)
      fake.mode = 'ok'
      expect(codeOf(await autoFill('general', 'de'))).toBe('ERROR_INVALID_INPUT')
    })
  },
)

describePlugin('machine translation without a provider', TRANSLATIONS_SUITE, (site) => {
  it('answers ERROR_TRANSLATE_NOT_CONFIGURED (501) to a translate call and to Auto-Fill', async () => {
    const reply = await site.call('developer', {
      method: 'POST',
      url: '/query/translate/en-us/fr',
      payload: ['Save'],
    })
    expect(reply.statusCode).toBe(501)
    expect(codeOf(reply)).toBe('ERROR_TRANSLATE_NOT_CONFIGURED')
    const fill = await site.call('developer', {
      method: 'POST',
      url: '/query/translation/autofill/general/fr',
    })
    expect(codeOf(fill)).toBe('ERROR_TRANSLATE_NOT_CONFIGURED')
  })
})
