import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { TranslationChangeAnswer, TranslationValue } from '../src/shared/types.js'
import { TRANSLATIONS_SUITE, type Person } from './helpers.js'

const CRLF = '\r\n'

describePlugin('translation CSV', TRANSLATIONS_SUITE, (site) => {
  const getSet = async (id = 'general') =>
    (await site.call('developer', { url: `/query/translation/get/${id}` })).json<TranslationValue>()
  const exportCsv = (path: string, person: Person = 'developer') =>
    site.call(person, { url: `/query/translation/export/${path}` })
  const importCsv = (
    path: string,
    body: string | Buffer,
    type = 'text/csv',
    person: Person = 'developer',
  ) =>
    site.call(person, {
      method: 'POST',
      url: `/query/translation/import/${path}`,
      payload: body,
      headers: { 'content-type': type },
    })

  it('exports a set as the spec writes it: Phrase and the codes, CRLF, every value quoted', async () => {
    const reply = await exportCsv('general')
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-type']).toMatch(/^text\/csv/)
    expect(reply.headers['content-disposition']).toBe('attachment; filename="translation.csv"')
    const lines = reply.body.split(CRLF)
    expect(lines[0]).toBe('"Phrase","en-us","fr"')
    expect(reply.body.replace(/\r\n/g, '')).not.toContain('\n')
    const one = await exportCsv('general/fr')
    expect(one.headers['content-disposition']).toBe('attachment; filename="translation fr.csv"')
    expect(one.body.split(CRLF)[0]).toBe('"Phrase","fr"')
  })

  it('round-trips quotes, commas, line breaks and formula-looking cells, exported safely', async () => {
    await site.call('developer', {
      method: 'POST',
      url: '/query/translation/update/general',
      payload: {
        add: [
          {
            phrase: 'He said "hi", twice',
            translations: { 'en-us': 'He said "hi", twice', fr: 'Il a dit "salut",\ndeux fois' },
          },
          { phrase: '=cmd()', translations: { fr: '@SUM(A1)' } },
          { phrase: "'=already quoted", translations: { fr: "''+twice" } },
        ],
      },
    })
    const csv = (await exportCsv('general')).body
    expect(csv).toContain('"He said ""hi"", twice"')
    // A spreadsheet would run these: the export starts them with a quote mark.
    expect(csv).toContain(`"'=cmd()","","'@SUM(A1)"`)
    const before = await getSet()
    const reply = await importCsv('general', csv)
    expect(reply.statusCode).toBe(200)
    const answer = reply.json<TranslationChangeAnswer>()
    expect(answer.added).toBe(0)
    expect(answer.value.entries).toEqual(before.entries)
    const formula = answer.value.entries.find((entry) => entry.phrase === '=cmd()')
    expect(formula?.translations.fr).toBe('@SUM(A1)')
    // Texts that already start like an escaped formula come back as they were.
    const quoted = answer.value.entries.find((entry) => entry.phrase === "'=already quoted")
    expect(quoted?.translations.fr).toBe("''+twice")
    expect(answer.updated).toBe(0)
  })

  it('updates existing phrases, appends new ones, trims phrases and skips empty ones', async () => {
    const csv = [
      'Phrase,English (US),FRANÇAIS',
      '  Brand new phrase  ,Brand new,Tout nouveau',
      ',ignored,ignoré',
      '"He said ""hi"", twice",,Il a dit salut',
    ].join(CRLF)
    const before = await getSet()
    const reply = await importCsv('general', csv)
    expect(reply.statusCode, reply.body).toBe(200)
    const answer = reply.json<TranslationChangeAnswer>()
    expect(answer.added).toBe(1)
    expect(answer.updated).toBe(1)
    expect(answer.value.entries.length).toBe(before.entries.length + 1)
    const added = answer.value.entries.at(-1)!
    expect(added).toMatchObject({
      phrase: 'Brand new phrase',
      translations: { 'en-us': 'Brand new', fr: 'Tout nouveau' },
    })
    const updated = answer.value.entries.find((entry) => entry.phrase === 'He said "hi", twice')!
    expect(updated.translations.fr).toBe('Il a dit salut')
    // An empty cell leaves the stored text alone.
    expect(updated.translations['en-us']).toBe('He said "hi", twice')
  })

  it('imports one language by code, name or translated name, regardless of case', async () => {
    for (const header of ['fr', 'French', 'français', 'FRENCH']) {
      const reply = await importCsv(
        'general/fr',
        `Phrase,${header}${CRLF}Brand new phrase,Neuf (${header})`,
      )
      expect(reply.statusCode, header).toBe(200)
      const entry = reply
        .json<TranslationChangeAnswer>()
        .value.entries.find((each) => each.phrase === 'Brand new phrase')
      expect(entry?.translations.fr).toBe(`Neuf (${header})`)
      expect(entry?.translations['en-us']).toBe('Brand new')
    }
  })

  it('refuses bad files with the spec messages, and the set stays as it was', async () => {
    const before = JSON.stringify(await getSet())
    const cases: Array<[string, string | Buffer, string, number, string, unknown[]?]> = [
      ['general', 'Phrase,fr\r\nA,B', 'application/json', 415, 'ERROR_CSV_FILE_TYPE'],
      ['general', 'Phrase,fr\r\nA,B', 'text/plain', 415, 'ERROR_CSV_FILE_TYPE'],
      ['general', 'Phrase,en-us,fr', 'text/csv', 400, 'ERROR_CSV_EMPTY'],
      ['general', '\r\n\r\n', 'text/csv', 400, 'ERROR_CSV_EMPTY'],
      [
        'general',
        'Phrase,fr\r\n"Open quote,never closed\r\nB,C',
        'text/csv',
        400,
        'ERROR_CSV_EMPTY',
      ],
      [
        'general',
        Buffer.from([0x50, 0x2c, 0xff, 0xfe, 0x0a, 0x41, 0x2c, 0x42]),
        'text/csv',
        400,
        'ERROR_CSV_EMPTY',
      ],
      ['general', 'Phrase,Klingon\r\nA,B', 'text/csv', 400, 'ERROR_CSV_NO_LANGUAGE_COLUMNS'],
      ['general/fr', 'Phrase,en-us\r\nA,B', 'text/csv', 400, 'ERROR_CSV_COLUMN_NOT_FOUND', ['fr']],
      ['general/de', 'Phrase,de\r\nA,B', 'text/csv', 400, 'ERROR_INVALID_INPUT'],
    ]
    for (const [path, body, type, status, code, values] of cases) {
      const reply = await importCsv(path, body, type)
      expect(reply.statusCode, `${path} ${String(body).slice(0, 30)}`).toBe(status)
      expect(codeOf(reply)).toBe(code)
      if (values) expect((reply.json() as { values?: unknown[] }).values).toEqual(values)
    }
    expect(JSON.stringify(await getSet())).toBe(before)
  })

  it('refuses a 10 MB file before reading it all, and one without edit rights', async () => {
    const before = JSON.stringify(await getSet())
    const row = `"${'x'.repeat(90)}","${'y'.repeat(90)}","${'z'.repeat(90)}"\r\n`
    const big = '"Phrase","en-us","fr"\r\n' + row.repeat(Math.ceil((10 * 1024 * 1024) / row.length))
    const reply = await importCsv('general', big)
    expect(reply.statusCode).toBe(413)
    expect(codeOf(reply)).toBe('ERROR_BODY_TOO_LARGE')
    const refused = await importCsv('general', 'Phrase,fr\r\nA,B', 'text/csv', 'customer')
    expect(refused.statusCode).toBe(403)
    // Rights come first: no file is read or judged for a caller without them.
    expect((await importCsv('general', 'not csv', 'text/plain', 'customer')).statusCode).toBe(403)
    expect(JSON.stringify(await getSet())).toBe(before)
  })

  it('imports 5,000 phrases in two languages into a set in one save', async () => {
    const lines = ['"Phrase","en-us","fr"']
    for (let index = 0; index < 5000; index++)
      lines.push(`"Bulk phrase ${index}","Bulk phrase ${index}","Phrase en masse ${index}"`)
    const reply = await importCsv('store', lines.join(CRLF))
    expect(reply.statusCode).toBe(200)
    const answer = reply.json<TranslationChangeAnswer>()
    expect(answer.added).toBe(5000)
    const ids = answer.value.entries.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    const again = await getSet('store')
    expect(again.entries.filter((entry) => entry.phrase.startsWith('Bulk phrase ')).length).toBe(
      5000,
    )
  })
})
