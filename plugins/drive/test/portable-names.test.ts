import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { DriveFile, DriveListing } from '../src/index.js'
import { kindOfName, nameProblem, portableName } from '../src/shared/names.js'
import { ENTRIES_TABLE } from '../src/server/migrations.js'
import type { LocalBlobStore } from '../src/server/blobs/local-blob-store.js'
import { bootDrive, call, type Person, type Reply } from './drive-helpers.js'
import { filesBelow, readAll } from './helpers.js'

// Names that do not unpack on Windows, or that show as another name (issue 37): refused wherever a
// name is made, and mapped in zips and exports when an older site stored them.

/** Names Windows or a careful reader refuses, each a file (with a dot) or a folder (without). */
const BAD_NAMES = [
  'x:y.txt',
  'star*.txt',
  'what?.txt',
  'pipe|.txt',
  'less<.txt',
  'more>.txt',
  'quote".txt',
  'stream:$DATA',
  'name.txt.',
  'ends.',
  'CON',
  'con.tar.gz',
  'Aux',
  'nul .txt',
  'COM1',
  'lpt9.log',
  'COM¹.txt',
  'CONIN$',
  'conout$.txt',
  'zero\u200bwidth.txt',
  'joiner\u200d.txt',
  // ZWNJ and ZWJ that join nothing (issue 37): alone, first, last, doubled, or ZWNJ between emoji.
  '\u200c',
  '\u200d.txt',
  '\u200cstart.txt',
  'double\u200c\u200cjoiner.txt',
  'two\u200d\u200dzwj',
  '😀\u200c😀.png',
  'bom\ufeff.txt',
  'word\u2060joiner',
  'soft\u00adhyphen',
  'gpj\u202eexe.txt',
  'isolate\u2067.txt',
  'mark\u061c.txt',
  'c1\u0085.txt',
  'line\u2028sep.txt',
  'bell\u0007.txt',
]

/** Near misses that stay valid: the rules must not refuse ordinary names. */
const GOOD_NAMES = [
  'console.txt',
  'CON-notes.txt',
  'com10.txt',
  'auxiliary',
  'a.b.c.txt',
  'émigré.txt',
  'price £5 (final).txt',
  '😀 smile.png',
  // ZWNJ and ZWJ where they join (issue 37): a Persian word, Devanagari, emoji sequences.
  'می\u200cخواهم.txt',
  'کتاب\u200cها',
  'क्\u200dष.txt',
  '👩\u200d💻 code.png',
  '🏳\ufe0f\u200d🌈.png',
]

const codeFor = (name: string) =>
  kindOfName(name) === 'file' ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`names on every system, on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>

    const get = (url: string, person: Person = 'manager') => call(kernel, cookies[person], { url })
    const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call(kernel, cookies.manager, { method: 'POST', url, payload, headers })
    const upload = (path: string, body: string, query = '') =>
      post(`/query/drive/upload/${path}${query}`, Buffer.from(body), {
        'content-type': 'application/octet-stream',
      })
    const multipart = (folder: string, filename: string, body: string) => {
      const boundary = '----names-test'
      return post(
        `/query/drive/upload/${folder}`,
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n${body}\r\n--${boundary}--\r\n`,
        ),
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
      )
    }
    const ok = (reply: Reply) => {
      expect(reply.statusCode, reply.body).toBe(200)
      return reply
    }
    const refused = (reply: Reply, status: number, code: string) =>
      expect({ status: reply.statusCode, code: codeOf(reply) }, reply.body).toEqual({
        status,
        code,
      })
    /** A path with each name percent-encoded, as the admin sends it. */
    const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/')

    /** Every entry below a folder with what would change if it were touched. */
    const tree = async (path: string): Promise<string[]> => {
      const listing = ok(await get(`/query/drive/list/${encoded(path)}?pagesize=1000`))
      const lines: string[] = []
      for (const entry of listing.json<DriveListing>().list) {
        const file = entry as Partial<DriveFile>
        lines.push(`${entry.path} ${entry.type} ${file.hash ?? ''} ${entry.modified}`)
        if (entry.type === 'folder') lines.push(...(await tree(entry.path)))
      }
      return lines
    }
    const blobFiles = () =>
      filesBelow((kernel.containerOf('drive').cradle.driveBlobs as LocalBlobStore).directory)

    /**
     * Gives a file or an empty folder the name an older site could store, as those sites did:
     * straight in its row, since no call makes such a name any more.
     */
    const nameAsOlderSite = async (path: string, name: string): Promise<string> => {
      const row = await kernel.services.drive.store.live(path)
      expect(row, path).not.toBeNull()
      const renamed = `${path.slice(0, path.lastIndexOf('/'))}/${name}`
      await kernel.services.db(ENTRIES_TABLE).where({ id: row!.id }).update({ name, path: renamed })
      return renamed
    }

    beforeAll(async () => {
      ;({ kernel, close, cookies } = await bootDrive(database, 'local', {
        settings: { driveWriteLimit: 10_000 },
      }))
    })
    afterAll(() => close?.())

    it('refuses every name invalid on Windows wherever a name is made, changing nothing', async () => {
      ok(await post('/query/drive/create/private/win'))
      ok(await post('/query/drive/create/private/win/sub'))
      ok(await post('/query/drive/create/private/win/dest'))
      ok(await upload('private/win/ok.txt', 'OK'))
      const before = await tree('private/win')
      const blobsBefore = await blobFiles()

      for (const name of BAD_NAMES) {
        const code = codeFor(name)
        expect(nameProblem(name, kindOfName(name)), name).toBe(code)
        const path = `private/win/${encodeURIComponent(name)}`
        refused(await post(`/query/drive/create/${path}`), 400, code)
        // A rename to it, of a file or a folder as the name says.
        const renamed = kindOfName(name) === 'file' ? 'private/win/ok.txt' : 'private/win/sub'
        refused(
          await post(`/query/drive/rename/${renamed}?filename=${encodeURIComponent(name)}`),
          400,
          code,
        )
        // The rename's name may come in the body too.
        refused(await post(`/query/drive/rename/${renamed}`, { filename: name }), 400, code)
        // The calls the command line's import makes, as the system.
        await expect(
          kernel.services.drive.create(SYSTEM_ACTOR, `private/win/${name}`),
          name,
        ).rejects.toMatchObject({ code })
        if (kindOfName(name) !== 'file') continue
        refused(await upload(path, 'x'), 400, code)
        refused(await upload(path, 'x', '?replace=true'), 400, code)
        await expect(
          kernel.services.drive.upload(
            SYSTEM_ACTOR,
            `private/win/${name}`,
            Readable.from(['x']),
            {},
          ),
          name,
        ).rejects.toMatchObject({ code })
        // A multipart part's file name (headers carry printable ASCII, without the quote).
        if (/^[\x20-\x7e]+$/.test(name) && !name.includes('"'))
          refused(await multipart('private/win', name, 'x'), 400, code)
      }
      // A download's own name is a name made too.
      refused(
        await get('/query/drive/download/private/win/ok.txt?filename=a%3Ab.txt'),
        400,
        'ERROR_INVALID_FILE_NAME',
      )
      refused(
        await get('/query/drive/download/private/win?filename=CON'),
        400,
        'ERROR_INVALID_FILE_NAME',
      )

      expect(await tree('private/win')).toEqual(before)
      expect((await blobFiles()).sort()).toEqual(blobsBefore.sort())
    })

    it('still takes ordinary names that look like the refused ones', async () => {
      ok(await post('/query/drive/create/private/fine'))
      for (const name of GOOD_NAMES) {
        expect(nameProblem(name, kindOfName(name)), name).toBeNull()
        expect(portableName(name), name).toBe(name)
        const path = `private/fine/${encodeURIComponent(name)}`
        if (kindOfName(name) === 'file') ok(await upload(path, name))
        else ok(await post(`/query/drive/create/${path}`))
      }
      const listing = ok(await get('/query/drive/list/private/fine')).json<DriveListing>()
      expect(listing.list.map((entry) => entry.name).sort()).toEqual([...GOOD_NAMES].sort())
    })

    it('uploads and renames to names with joiners that join, read back as stored', async () => {
      ok(await post('/query/drive/create/private/joined'))
      const persian = 'نامه\u200cها.txt'
      ok(await multipart('private/joined', 'plain.txt', 'x'))
      const made = ok(await upload(`private/joined/${encodeURIComponent(persian)}`, 'fa'))
      expect(made.json<DriveFile>().name).toBe(persian)
      const family = '👨\u200d👩\u200d👧.txt'
      const renamed = ok(
        await post(
          `/query/drive/rename/private/joined/plain.txt?filename=${encodeURIComponent(family)}`,
        ),
      )
      expect(renamed.json<DriveFile>().path).toBe(`private/joined/${family}`)
      const folder = 'پوشه\u200cها'
      ok(await post(`/query/drive/create/private/joined/${encodeURIComponent(folder)}`))
      ok(
        await post(`/query/drive/rename/private/joined/${encodeURIComponent(folder)}`, {
          filename: 'क्\u200dष',
        }),
      )
      const read = ok(await get(`/query/drive/load/private/joined/${encodeURIComponent(persian)}`))
      expect(read.body).toBe('fa')
      const listing = ok(await get('/query/drive/list/private/joined')).json<DriveListing>()
      expect(listing.list.map((entry) => entry.name).sort()).toEqual(
        ['क्\u200dष', family, persian].sort(),
      )
      // A joiner at the end of the new name is still refused, and the file keeps its name.
      refused(
        await post(
          `/query/drive/rename/private/joined/${encodeURIComponent(family)}?filename=${encodeURIComponent('x\u200c.txt')}`,
        ),
        400,
        'ERROR_INVALID_FILE_NAME',
      )
      refused(
        await upload(`private/joined/${encodeURIComponent('\u200dx.txt')}`, 'x'),
        400,
        'ERROR_INVALID_FILE_NAME',
      )
      ok(await get(`/query/drive/get/private/joined/${encodeURIComponent(family)}`))
    })

    describe('an older site’s names', () => {
      // private/old holds, as an older site stored them: a:b.txt and a*b.txt (both a_b.txt in a
      // zip) beside a valid a_b.txt, notes., CON.txt, a zero-width name, a folder dir? holding
      // inner.txt, and an empty folder CONIN$.
      const OLD = {
        colon: 'a:b.txt',
        star: 'a*b.txt',
        dot: 'notes.',
        device: 'CON.txt',
        invisible: 'zero\u200bwidth.txt',
      }
      beforeAll(async () => {
        ok(await post('/query/drive/create/private/old'))
        ok(await upload('private/old/a_b.txt', 'valid'))
        for (const [key, name] of Object.entries(OLD)) {
          ok(await upload(`private/old/${key}.txt`, key))
          await nameAsOlderSite(`private/old/${key}.txt`, name)
        }
        ok(await post('/query/drive/create/private/old/dir'))
        await nameAsOlderSite('private/old/dir', 'dir?')
        ok(await post('/query/drive/create/private/old/device'))
        await nameAsOlderSite('private/old/device', 'CONIN$')
        // A new, valid name inside an older site's folder: the folder's path is read as stored.
        ok(await upload(`private/old/${encodeURIComponent('dir?')}/inner.txt`, 'inner'))
      })

      it('lists, loads and downloads them under their stored names', async () => {
        const listing = ok(await get('/query/drive/list/private/old')).json<DriveListing>()
        expect(listing.list.map((entry) => entry.name).sort()).toEqual(
          ['CONIN$', 'dir?', 'a_b.txt', ...Object.values(OLD)].sort(),
        )
        for (const [key, name] of Object.entries(OLD)) {
          const address = `private/old/${encodeURIComponent(name)}`
          expect(ok(await get(`/query/drive/load/${address}`)).body, name).toBe(key)
          const file = ok(await get(`/query/drive/get/${address}`)).json<DriveFile>()
          expect(file.name).toBe(name)
          // One file downloaded: the body as stored, the name as a zip would write it.
          const download = ok(await get(`/query/drive/download/${address}`))
          expect(download.body).toBe(key)
          expect(download.headers['content-disposition']).toContain(
            `filename*=UTF-8''${encodeURIComponent(portableName(name))}`,
          )
        }
        expect(
          ok(await get('/query/drive/download/private/old/a%3Ab.txt')).headers[
            'content-disposition'
          ],
        ).toMatch(/^attachment; filename="a_b.txt"/)
        expect(
          ok(await get(`/query/drive/load/private/old/${encodeURIComponent('dir?')}/inner.txt`))
            .body,
        ).toBe('inner')
      })

      it('writes them into a zip under names every system takes, each once', async () => {
        const reply = ok(await get('/query/drive/download/private/old'))
        expect(reply.headers['content-type']).toBe('application/zip')
        const files = unzipSync(new Uint8Array(reply.rawPayload))
        const text = (name: string) => Buffer.from(files[name]!).toString()
        const names = Object.keys(files).sort()
        expect(names.filter((name) => !name.startsWith('old/a_b'))).toEqual(
          [
            'old/',
            'old/_CON.txt',
            'old/_CONIN$/',
            'old/dir_/',
            'old/dir_/inner.txt',
            'old/notes._',
            'old/zero_width.txt',
          ].sort(),
        )
        // The valid name keeps its name; the two mapped onto it take the next free ones.
        expect(text('old/a_b.txt')).toBe('valid')
        expect(names.filter((name) => name.startsWith('old/a_b (')).sort()).toEqual([
          'old/a_b (2).txt',
          'old/a_b (3).txt',
        ])
        expect([text('old/a_b (2).txt'), text('old/a_b (3).txt')].sort()).toEqual(['colon', 'star'])
        expect(text('old/_CON.txt')).toBe('device')
        expect(text('old/notes._')).toBe('dot')
        expect(text('old/zero_width.txt')).toBe('invisible')
        expect(text('old/dir_/inner.txt')).toBe('inner')
        // Named first, the older name still leaves the valid one its own name.
        const both = ok(
          await get('/query/drive/download/private/old/a%3Ab.txt,private/old/a_b.txt'),
        )
        const pair = unzipSync(new Uint8Array(both.rawPayload))
        expect(Object.keys(pair).sort()).toEqual(['a_b (2).txt', 'a_b.txt'])
        expect(Buffer.from(pair['a_b.txt']!).toString()).toBe('valid')
        expect(Buffer.from(pair['a_b (2).txt']!).toString()).toBe('colon')
        // Every name in the zip is one the drive would take as new, on every system.
        for (const name of names)
          for (const part of name.replace(/\/$/, '').split('/'))
            expect(nameProblem(part, kindOfName(part)), name).toBeNull()
      })

      it('maps them the same way in an export, which takes the drive’s zip members', async () => {
        const members = await kernel.services.drive.zipMembers(SYSTEM_ACTOR, [''])
        const below = members.filter((member) => member.name.startsWith('drive/private/old/'))
        expect(below.map((member) => member.name).sort()).toEqual(
          [
            'drive/private/old/',
            'drive/private/old/_CON.txt',
            'drive/private/old/_CONIN$/',
            'drive/private/old/a_b (2).txt',
            'drive/private/old/a_b (3).txt',
            'drive/private/old/a_b.txt',
            'drive/private/old/dir_/',
            'drive/private/old/dir_/inner.txt',
            'drive/private/old/notes._',
            'drive/private/old/zero_width.txt',
          ].sort(),
        )
        const valid = below.find((member) => member.name === 'drive/private/old/a_b.txt')!
        expect((await readAll(await valid.open!())).toString()).toBe('valid')
      })

      it('refuses to move or replace them under their old names, changing nothing; renamed they move, and the bin takes them as they are', async () => {
        ok(await post('/query/drive/create/private/target'))
        const before = await tree('private')
        const blobsBefore = await blobFiles()
        const colon = `private/old/${encodeURIComponent(OLD.colon)}`
        // Moved alone, or with a valid file: nothing moves.
        refused(
          await post(`/query/drive/move/${colon}?to=private/target`),
          400,
          'ERROR_INVALID_FILE_NAME',
        )
        refused(
          await post(`/query/drive/move/private/old/a_b.txt,${colon}?to=private/target`),
          400,
          'ERROR_INVALID_FILE_NAME',
        )
        refused(
          await post(
            `/query/drive/move/private/old/${encodeURIComponent('dir?')}?to=private/target`,
          ),
          400,
          'ERROR_INVALID_FOLDER_NAME',
        )
        // Replaced by an upload under the old name.
        refused(await upload(colon, 'new', '?replace=true'), 400, 'ERROR_INVALID_FILE_NAME')
        expect(await tree('private')).toEqual(before)
        expect((await blobFiles()).sort()).toEqual(blobsBefore.sort())

        // Renamed to a valid name, it moves.
        ok(await post(`/query/drive/rename/${colon}?filename=a-b.txt`))
        const moved = ok(await post('/query/drive/move/private/old/a-b.txt?to=private/target'))
        expect(moved.json<{ list: string[] }>().list).toEqual(['private/target/a-b.txt'])
        expect(ok(await get('/query/drive/load/private/target/a-b.txt')).body).toBe('colon')
        // The bin takes an older name as it is, and gives it back.
        const star = `private/old/${encodeURIComponent(OLD.star)}`
        expect(ok(await post(`/query/drive/bin/${star}`)).json<{ list: string[] }>().list).toEqual([
          `private/old/${OLD.star}`,
        ])
        refused(await get(`/query/drive/get/${star}`), 404, 'ERROR_FILE_NOT_FOUND')
      })
    })
  })
}
