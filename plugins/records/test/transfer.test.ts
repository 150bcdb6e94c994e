import { beforeAll, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { describePlugin, inject } from '@shopwright/core/testing'
import { readZipEntries } from '../src/server/transfer/zip-reader.js'
import { caller, recordsSuite, STAFF } from './helpers.js'

const json = (value: unknown) => strToU8(JSON.stringify(value))

async function entryNames(zip: Buffer): Promise<string[]> {
  const names: string[] = []
  for await (const entry of readZipEntries(zip)) names.push(entry.name)
  return names
}

const PEOPLE = {
  administrator: STAFF.administrator,
  office: STAFF.office,
  support: { roles: ['support'] },
}

describePlugin(
  'import and export',
  recordsSuite(PEOPLE, { config: { uploadLimit: '2mb' } }),
  (site) => {
    const admin = caller(site, 'administrator')
    /** A person's Cookie header, as the requests below send it. */
    const signedIn = (person: keyof typeof PEOPLE) => ({ cookie: site.cookie(person) })

    beforeAll(async () => {
      for (const id of ['e1', 'e2'])
        await admin({
          method: 'POST',
          url: '/query/data/create',
          payload: { type: 'webpage', id, headline: `Page ${id}` },
        })
    })

    const upload = (
      data: Uint8Array | string,
      query = '',
      headers: Record<string, string> = signedIn('administrator'),
    ) =>
      inject(site.kernel, {
        method: 'POST',
        url: `/query/data/import${query}`,
        payload: Buffer.from(data),
        headers: { 'content-type': 'application/octet-stream', ...headers },
      })

    it('exports one record as {type}-{id}.json', async () => {
      const res = await inject(site.kernel, {
        url: '/query/data/export/webpage|e1',
        headers: signedIn('administrator'),
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toBe('attachment; filename="webpage-e1.json"')
      expect(JSON.parse(res.body)).toEqual({
        type: 'webpage',
        id: 'e1',
        headline: 'Page e1',
        content: '',
      })
    })

    it('exports several as export.zip, or under a cleaned-up filename', async () => {
      const res = await inject(site.kernel, {
        url: '/query/data/export/webpage|e1,webpage|e2,currency|usd',
        headers: signedIn('administrator'),
      })
      expect(res.headers['content-type']).toBe('application/zip')
      expect(res.headers['content-disposition']).toBe('attachment; filename="export.zip"')
      expect(await entryNames(res.rawPayload)).toEqual([
        'webpage-e1.json',
        'webpage-e2.json',
        'currency-usd.json',
      ])
      const named = await inject(site.kernel, {
        url: '/query/data/export/webpage|e1,webpage|e2?filename=../../My%20"pages"',
        headers: signedIn('administrator'),
      })
      expect(named.headers['content-disposition']).toBe('attachment; filename="My pages.zip"')
    })

    it('refuses an export of records the caller may not view', async () => {
      const office = signedIn('office')
      expect(
        (await inject(site.kernel, { url: '/query/data/export/security|admin', headers: office }))
          .statusCode,
      ).toBe(403)
      expect(
        (
          await inject(site.kernel, {
            url: '/query/data/export/webpage|missing',
            headers: signedIn('administrator'),
          })
        ).statusCode,
      ).toBe(404)
    })

    it('imports a .json record or list, creating new records and updating existing ones', async () => {
      const res = await upload(
        json([
          { type: 'webpage', id: 'i1', headline: 'Imported' },
          { type: 'webpage', id: 'e1', headline: 'Changed by import' },
        ]),
      )
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { ok: true, type: 'webpage', id: 'i1', action: 'created' },
        { ok: true, type: 'webpage', id: 'e1', action: 'updated' },
      ])
      expect((await admin({ url: '/query/data/get/webpage/e1' })).body.headline).toBe(
        'Changed by import',
      )
    })

    it('imports a .zip, reporting a bad item and going on with the rest', async () => {
      const zip = zipSync({
        'webpage-z1.json': json({ type: 'webpage', id: 'z1', headline: 'Z1' }),
        'bad.json': strToU8('{ not json'),
        'webpage-z2.json': json({ type: 'webpage', id: 'z2', headline: 42 }),
        'notes.txt': strToU8('hello'),
        'folder/webpage-z3.json': json({ type: 'webpage', id: 'z3', headline: 'Z3' }),
      })
      const res = await upload(zip)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { ok: true, type: 'webpage', id: 'z1', action: 'created' },
        { ok: false, name: 'bad.json', message: 'ERROR_JSON_BODY' },
        {
          ok: false,
          name: 'webpage-z2.json',
          message: 'ERROR_INVALID_INPUT',
          reason: expect.any(String),
        },
        { ok: false, name: 'notes.txt', message: 'ERROR_IMPORT_FILE_TYPE' },
        { ok: true, type: 'webpage', id: 'z3', action: 'created' },
      ])
      expect(
        (
          await site.kernel
            .containerOf('records')
            .cradle.appLog.list({ name: 'webpage.z1', limit: 1 })
        )[0]?.message,
      ).toBe('created')
    })

    it.each([
      ['a text file by name', 'hello', '?filename=notes.txt', 415, 'ERROR_IMPORT_FILE_TYPE'],
      ['bytes that are neither JSON nor ZIP', 'GIF89a....', '', 415, 'ERROR_IMPORT_FILE_TYPE'],
      [
        'a zip with ..',
        zipSync({ '../../etc/passwd.json': json({ type: 'webpage', id: 'x1' }) }),
        '',
        400,
        'ERROR_IMPORT_FILE_TYPE',
      ],
      [
        'a zip with an absolute path',
        zipSync({ '/tmp/evil.json': json({ type: 'webpage', id: 'x2' }) }),
        '',
        400,
        'ERROR_IMPORT_FILE_TYPE',
      ],
      [
        'a broken zip',
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
        '',
        400,
        'ERROR_IMPORT_FILE_TYPE',
      ],
      [
        'a body over the upload limit',
        new Uint8Array(3 * 1024 * 1024).fill(0x20),
        '',
        413,
        'ERROR_BODY_TOO_LARGE',
      ],
      ['an empty body', '', '', 400, 'ERROR_BODY_EXPECTED'],
    ])('refuses %s and imports nothing', async (_label, data, query, status, code) => {
      const before = await site.kernel.containerOf('records').cradle.recordStore.count('webpage')
      const res = await upload(data, query)
      expect(res.statusCode).toBe(status)
      expect(res.json<{ message: string }>().message).toBe(code)
      expect(await site.kernel.containerOf('records').cradle.recordStore.count('webpage')).toBe(
        before,
      )
    })

    it('refuses a zip of more than 10,000 entries and a zip bomb, importing nothing', async () => {
      const before = await site.kernel.containerOf('records').cradle.recordStore.count('webpage')
      const many: Record<string, Uint8Array> = {}
      for (let index = 0; index <= 10_000; index++) many[`r${index}.json`] = strToU8('{}')
      const crowded = await upload(zipSync(many, { level: 0 }))
      expect(crowded.statusCode).toBe(413)
      // 101 MB of zeros deflates to about 100 KB: under the upload limit, over the unpacked limit.
      const bomb = zipSync({ 'bomb.json': new Uint8Array(101 * 1024 * 1024) }, { level: 9 })
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
      const exploded = await upload(bomb)
      expect(exploded.statusCode).toBe(413)
      expect(exploded.json<{ message: string }>().message).toBe('ERROR_BODY_TOO_LARGE')
      expect(await site.kernel.containerOf('records').cradle.recordStore.count('webpage')).toBe(
        before,
      )
    })

    it('needs a signed-in caller, and checks each item against the caller rights', async () => {
      expect((await upload(json({ type: 'webpage', id: 'anon' }), '', {})).statusCode).toBe(401)
      // Office may write no record type at all: refused before the upload is read.
      const office = signedIn('office')
      const refused = await upload(json({ type: 'webpage', id: 'officepage' }), '', office)
      expect(refused.statusCode).toBe(403)
      expect(refused.json<{ message: string }>().message).toBe('ERROR_ACCESS_DENIED')
      // Support may edit accounts, so it may import; each item is still judged on its own type.
      const support = signedIn('support')
      const res = await upload(
        json({ type: 'webpage', id: 'supportpage', headline: 'x' }),
        '',
        support,
      )
      expect(res.json()).toEqual([
        { ok: false, name: 'upload.json', message: 'ERROR_PERMISSION_TYPE', reason: 'webpage' },
      ])
    })

    it('imports a record type and its records from one archive, in its order', async () => {
      // As an export writes them: one file per record, the type first. Each is a batch of its own,
      // and the records' batches were checked ahead, before their type existed.
      const files: Record<string, Uint8Array> = {
        'recordtype-gizmo.json': json({
          type: 'recordtype',
          id: 'gizmo',
          name: 'Gizmo',
          security: 'website',
          fields: [{ id: 'name', name: 'Name', datatype: 'text' }],
        }),
      }
      for (let index = 1; index <= 5; index++)
        files[`gizmo-${index}.json`] = json({ type: 'gizmo', id: `g${index}`, name: `G${index}` })
      // Named twice in one list: the second is an update of the first.
      files['twice.json'] = json([
        { type: 'gizmo', id: 'g9', name: 'first' },
        { type: 'gizmo', id: 'g9', name: 'second' },
      ])
      const res = await upload(zipSync(files), '?filename=gizmos.zip')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { ok: true, type: 'recordtype', id: 'gizmo', action: 'created' },
        ...[1, 2, 3, 4, 5].map((n) => ({
          ok: true,
          type: 'gizmo',
          id: `g${n}`,
          action: 'created',
        })),
        { ok: true, type: 'gizmo', id: 'g9', action: 'created' },
        { ok: true, type: 'gizmo', id: 'g9', action: 'updated' },
      ])
      expect(
        (await site.kernel.containerOf('records').cradle.recordStore.get('gizmo', 'g9'))?.name,
      ).toBe('second')
    })

    it('refuses a file whose values would cost more memory than the limit, before parsing it', async () => {
      const many = `[${'{},'.repeat(500_000)}{}]`
      const res = await upload(zipSync({ 'many.json': strToU8(many) }), '?filename=many.zip')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        expect.objectContaining({ ok: false, name: 'many.json', message: 'ERROR_BODY_TOO_LARGE' }),
      ])
    })

    it('answers what it wrote when a later entry of the archive turns out damaged', async () => {
      const zip = zipSync({
        'a-first.json': json({ type: 'webpage', id: 'partial1', headline: 'P' }),
        'b-bomb.json': new Uint8Array(2_000_000),
      })
      // The second entry declares 100 bytes and inflates to two million.
      const view = new DataView(zip.buffer)
      let entry = 0
      for (let offset = 0; offset + 4 <= zip.length; offset++) {
        const signature = view.getUint32(offset, true)
        if (signature === 0x04034b50 && entry++ === 1) view.setUint32(offset + 22, 100, true)
        if (signature === 0x02014b50 && zip[offset + 46] === 0x62)
          view.setUint32(offset + 24, 100, true)
      }
      const res = await upload(zip, '?filename=partial.zip')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { ok: true, type: 'webpage', id: 'partial1', action: 'created' },
        expect.objectContaining({ ok: false, message: 'ERROR_IMPORT_FILE_TYPE' }),
      ])
      expect(
        await site.kernel.containerOf('records').cradle.recordStore.get('webpage', 'partial1'),
      ).not.toBeNull()
    })

    it('takes a .json upload sent as application/json, as a browser labels it', async () => {
      const res = await inject(site.kernel, {
        method: 'POST',
        url: '/query/data/import',
        payload: JSON.stringify({ type: 'webpage', id: 'browser', headline: 'B' }),
        headers: { ...signedIn('administrator'), 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([{ ok: true, type: 'webpage', id: 'browser', action: 'created' }])
    })
  },
)
