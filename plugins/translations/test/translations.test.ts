import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { TranslationValue } from '../src/shared/types.js'
import { TRANSLATIONS_SUITE, type Person } from './helpers.js'

describePlugin('translation sets', TRANSLATIONS_SUITE, (site) => {
  const getSet = async (id = 'store') =>
    (await site.call('developer', { url: `/query/translation/get/${id}` })).json<TranslationValue>()
  const update = (payload: unknown, person: Person | null = 'developer', set = 'store') =>
    site.call(person ?? undefined, {
      method: 'POST',
      url: `/query/translation/update/${set}`,
      payload,
      headers: { 'content-type': 'application/json' },
    })
  const texts = (language: string, sets: string, person?: Person) =>
    site.call(person, { url: `/query/translation/texts/${language}?sets=${sets}` })

  it('seeds the five sets of the spec in US English and French', async () => {
    for (const id of ['account', 'admin', 'general', 'server', 'store']) {
      const value = await getSet(id)
      expect(value.id).toBe(id)
      expect(value.languages).toEqual(['en-us', 'fr'])
    }
    const server = await getSet('server')
    const denied = server.entries.find((entry) => entry.phrase === 'ERROR_ACCESS_DENIED')
    expect(denied?.translations['en-us']).toBe('Access Denied.')
  })

  it('answers one language of several sets to anyone, with the spec fallbacks', async () => {
    await update({
      add: [{ phrase: 'Fallback probe', translations: { 'en-us': 'Probe (US)', fr: 'Sonde' } }],
    })
    const french = await texts('fr', 'store,server')
    expect(french.statusCode).toBe(200)
    const answer = french.json<{ language: string; texts: Record<string, string> }>()
    expect(answer.language).toBe('fr')
    expect(answer.texts['Fallback probe']).toBe('Sonde')
    // A regional variant falls back to its base language, an unknown one to the set's default.
    expect(
      (await texts('fr-ca', 'store')).json<{ texts: Record<string, string> }>().texts[
        'Fallback probe'
      ],
    ).toBe('Sonde')
    expect(
      (await texts('de', 'store')).json<{ texts: Record<string, string> }>().texts[
        'Fallback probe'
      ],
    ).toBe('Probe (US)')
    expect(
      (await texts('en-us', 'server')).json<{ texts: Record<string, string> }>().texts
        .ERROR_ACCESS_DENIED,
    ).toBe('Access Denied.')
  })

  it('shows a saved text at once in the merged texts (the cache is dropped)', async () => {
    await texts('fr', 'store')
    const value = await getSet()
    const probe = value.entries.find((entry) => entry.phrase === 'Fallback probe')!
    await update({ changes: [{ id: probe.id, translations: { fr: 'Sonde 2' } }] })
    expect(
      (await texts('fr', 'store')).json<{ texts: Record<string, string> }>().texts[
        'Fallback probe'
      ],
    ).toBe('Sonde 2')
  })

  it('refuses bad texts calls', async () => {
    expect(codeOf(await texts('f$r', 'store'))).toBe('ERROR_INVALID_INPUT')
    expect(codeOf(await texts('fr', ''))).toBe('ERROR_INVALID_INPUT')
    expect(codeOf(await texts('fr', '__proto__,..'))).toBe('ERROR_INVALID_INPUT')
    // An unknown set has no texts rather than failing the page.
    expect((await texts('fr', 'nosuchset')).json<{ texts: object }>().texts).toEqual({})
  })

  it('lets only editors save, and a refused save changes nothing', async () => {
    const before = JSON.stringify(await getSet())
    const refused = await update({ add: [{ phrase: 'Intruder' }] }, 'customer')
    expect(refused.statusCode).toBe(403)
    expect(codeOf(refused)).toBe('ERROR_PERMISSION_TYPE')
    const anonymous = await update({ add: [{ phrase: 'Intruder' }] }, null)
    expect([401, 403]).toContain(anonymous.statusCode)
    expect(JSON.stringify(await getSet())).toBe(before)
    // Viewing is everyone's (the sample `translation` record: role `all` views).
    expect((await site.call('customer', { url: '/query/translation/get/store' })).statusCode).toBe(
      200,
    )
  })

  it('adds rows with the next base-62 ids and trimmed phrases, edits, sorts, clears and removes', async () => {
    const start = await getSet()
    const added = (
      await update({
        add: [{ phrase: '  Zebra  ', translations: { fr: 'Zèbre' } }, { phrase: 'Apple' }],
      })
    ).json<TranslationValue>()
    const [zebra, apple] = added.entries.slice(-2)
    expect(zebra!.phrase).toBe('Zebra')
    expect(apple!.phrase).toBe('Apple')
    expect(added.entries.length).toBe(start.entries.length + 2)
    const ids = added.entries.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id) => /^[0-9A-Za-z]+$/.test(id))).toBe(true)

    const edited = (
      await update({
        changes: [{ id: apple!.id, phrase: ' Apple tree ', translations: { fr: 'Pommier' } }],
      })
    ).json<TranslationValue>()
    expect(edited.entries.find((entry) => entry.id === apple!.id)).toMatchObject({
      phrase: 'Apple tree',
      translations: { fr: 'Pommier' },
    })

    const sorted = (await update({ sort: true })).json<TranslationValue>()
    const phrases = sorted.entries.map((entry) => entry.phrase)
    expect(phrases).toEqual(
      [...phrases].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    )

    const removed = (await update({ remove: [zebra!.id, apple!.id] })).json<TranslationValue>()
    expect(removed.entries.some((entry) => [zebra!.id, apple!.id].includes(entry.id))).toBe(false)
  })

  it('keeps language codes in lower case, whatever case they are sent in', async () => {
    const saved = (
      await update({ add: [{ phrase: 'Case probe', translations: { FR: 'Sonde de casse' } }] })
    ).json<TranslationValue>()
    expect(saved.entries.at(-1)?.translations).toEqual({ fr: 'Sonde de casse' })
    await update({ remove: [saved.entries.at(-1)!.id] })
  })

  it("changes a set's name and description, and refuses an empty name", async () => {
    const saved = (
      await update({ name: ' Shop ', description: 'The storefront.' })
    ).json<TranslationValue>()
    expect(saved).toMatchObject({ name: 'Shop', description: 'The storefront.' })
    expect(codeOf(await update({ name: '  ' }))).toBe('ERROR_INVALID_INPUT')
    expect((await getSet()).name).toBe('Shop')
  })

  it('keeps both of two editors saving different cells of one set at once', async () => {
    const value = (
      await update({
        add: Array.from({ length: 12 }, (_, index) => ({ phrase: `Race ${index}` })),
      })
    ).json<TranslationValue>()
    const rows = value.entries.filter((entry) => entry.phrase.startsWith('Race '))
    const replies = await Promise.all(
      rows.map((row, index) =>
        update({ changes: [{ id: row.id, translations: { fr: `Course ${index}` } }] }),
      ),
    )
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true)
    const after = await getSet()
    rows.forEach((row, index) => {
      expect(after.entries.find((entry) => entry.id === row.id)?.translations.fr).toBe(
        `Course ${index}`,
      )
    })
    await update({ remove: rows.map((row) => row.id) })
  })

  it('refuses malformed saves with a catalogue code and loses nothing', async () => {
    const before = JSON.stringify(await getSet())
    const cases: Array<[unknown, string]> = [
      [{ add: 'nope' }, 'ERROR_INVALID_INPUT'],
      [{ changes: [{ id: '1', translations: { fr: 5 } }] }, 'ERROR_INVALID_INPUT'],
      ['{"changes":[{"id":"1","translations":{"__proto__":"x"}}]}', 'ERROR_INVALID_INPUT'],
      [{ languages: [] }, 'ERROR_INVALID_INPUT'],
      [{ unknown: true }, 'ERROR_INVALID_INPUT'],
      [[1, 2], 'ERROR_INVALID_INPUT'],
    ]
    for (const [payload, code] of cases) {
      const reply = await update(payload)
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400)
      expect(codeOf(reply)).toBe(code)
    }
    const broken = await site.call('developer', {
      method: 'POST',
      url: '/query/translation/update/store',
      payload: '{"add": [',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.statusCode).toBe(400)
    expect(codeOf(broken)).toBe('ERROR_JSON_BODY')
    expect(codeOf(await update({ sort: true }, 'developer', 'a%24b'))).toBe('ERROR_INVALID_ID')
    expect((await update({ sort: true }, 'developer', '%2E%2E')).statusCode).toBe(404)
    expect(codeOf(await update({ sort: true }, 'developer', '__proto__'))).toBe(
      'ERROR_RECORD_NOT_AVAILABLE',
    )
    expect((await update({ sort: true }, 'developer', 'nosuchset')).statusCode).toBe(404)
    const get = await site.call('developer', {
      method: 'GET',
      url: '/query/translation/update/store',
    })
    expect(get.statusCode).toBe(405)
    expect(JSON.stringify(await getSet())).toBe(before)
  })
})
