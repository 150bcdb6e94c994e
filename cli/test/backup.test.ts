import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, dialectOf, loadConfig, SYSTEM_ACTOR } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import type {} from '@shopwright/plugin-drive'
import { projectDir, run } from '../src/testing/index.js'
import { BIN } from '../src/testing/processes.js'
import { BOOKKEEPING, tableShapes } from '../src/backup/catalog.js'
import { MANIFEST_NAME, type BackupManifest, type MemberSum } from '../src/backup/format.js'
import { tarFileWriter, tarMembers } from '../src/backup/tar.js'
import { loginStatus } from './login-status.js'
import { NOISE, onSite, seededSite } from './sites.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

/** The site's database as the project in `cwd` with `env` opens it. */
async function siteDatabase(cwd: string, env: Record<string, string>) {
  const config = await loadConfig({ cwd, env: { LOG_LEVEL: 'silent', ...env } })
  return {
    db: createDatabase(config.databaseUrl, { timeout: 0 }),
    dialect: dialectOf(config.databaseUrl),
  }
}

/**
 * Every row of every table that holds site data, in key order, with values as both engines give
 * them alike (bytes as base64): what a restore must give back exactly.
 */
async function everyRow(cwd: string, env: Record<string, string>) {
  const { db, dialect } = await siteDatabase(cwd, env)
  try {
    const tables: Record<string, unknown[]> = {}
    for (const shape of await tableShapes(db, dialect)) {
      if (BOOKKEEPING.has(shape.name)) continue
      const order = shape.primaryKey.length ? shape.primaryKey : shape.columns
      const rows = (await db(shape.name).select(shape.columns).orderBy(order)) as Array<
        Record<string, unknown>
      >
      tables[shape.name] = rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            Buffer.isBuffer(value) ? value.toString('base64') : value,
          ]),
        ),
      )
    }
    return tables
  } finally {
    await db.destroy()
  }
}

/** Every live drive file as path -> SHA-256 of its bytes, read through the drive. */
async function driveFiles(cwd: string, env: Record<string, string>) {
  return onSite(cwd, env, async (kernel) => {
    const files: Record<string, string> = {}
    for (const member of await kernel.services.drive.zipMembers(SYSTEM_ACTOR, [''])) {
      if (!member.open) continue
      const hash = createHash('sha256')
      for await (const chunk of (await member.open()) as AsyncIterable<Buffer>) hash.update(chunk)
      files[member.name] = hash.digest('hex')
    }
    return files
  })
}

interface BackupAnswer {
  engine: string
  rows: number
  tables: number
  files: { count: number; bytes: number }
  missingFiles: string[]
}

async function backup(cwd: string, env: Record<string, string>, file: string) {
  const made = await run(['backup', file, '--json'], cwd, env)
  expect(made.code, made.stderr).toBe(0)
  return JSON.parse(made.stdout) as BackupAnswer
}

async function restore(cwd: string, env: Record<string, string>, file: string, ...args: string[]) {
  const done = await run(['restore', file, '--json', ...args], cwd, env)
  expect(done.code, done.stderr).toBe(0)
  return JSON.parse(done.stdout) as { from: string; to: string; rows: number; files: object }
}

describe('shopwright backup and restore on SQLite', () => {
  let source: string
  let archive: string
  let made: BackupAnswer

  beforeAll(async () => {
    source = await seededSite({})
    archive = path.join(source, 'site.backup')
    made = await backup(source, {}, archive)
  }, 180_000)

  it('restores every row, file and password into an empty database', async () => {
    expect(made.engine).toBe('sqlite')
    expect(made.rows).toBeGreaterThan(500)
    // The sample company's pictures and ours, the binned one among them.
    expect(made.files.count).toBeGreaterThan(3)
    expect(made.missingFiles).toEqual([])
    expect((fs.statSync(archive).mode & 0o777).toString(8)).toBe('600')

    const target = projectDir()
    const restored = await restore(target, {}, archive)
    expect(restored).toMatchObject({ from: 'sqlite', to: 'sqlite', rows: made.rows })
    expect(await everyRow(target, {})).toEqual(await everyRow(source, {}))
    expect(await driveFiles(target, {})).toEqual(await driveFiles(source, {}))
    expect(await loginStatus(target, 'ada@example.com', 'secret12', {})).toBe(200)
  }, 240_000)

  describe('refusals write nothing', () => {
    let target: string

    beforeAll(() => {
      target = projectDir()
    })

    const tables = async () => Object.keys(await everyRow(target, {}))
    const refused = async (file: string, pattern: RegExp, ...args: string[]) => {
      const answer = await run(['restore', file, ...args], target)
      expect(answer.code, answer.stdout).toBe(1)
      expect(answer.stderr).toMatch(pattern)
      expect(answer.stderr).toContain('nothing was written')
    }

    it('refuses an archive cut short', async () => {
      const cut = path.join(target, 'cut.backup')
      const whole = fs.readFileSync(archive)
      fs.writeFileSync(cut, whole.subarray(0, whole.length - 3000))
      await refused(cut, /It was cut short: it ends inside /)
      expect(await tables()).toEqual([])
    }, 60_000)

    it('refuses an archive with one byte changed in a file', async () => {
      const changed = path.join(target, 'changed.backup')
      const bytes = Buffer.from(fs.readFileSync(archive))
      // Inside the 70,000 bytes of noise.bin: a run of its pattern no other member has.
      const pattern = NOISE.subarray(0, 251)
      const at = bytes.indexOf(pattern)
      expect(at).toBeGreaterThan(0)
      bytes[at + 100] = bytes[at + 100]! ^ 0xff
      fs.writeFileSync(changed, bytes)
      await refused(changed, /not what the manifest records/)
      expect(await tables()).toEqual([])
    }, 60_000)

    it('refuses an archive holding a file twice, even with a manifest that lists it twice', async () => {
      // Rewritten member by member, a blob added again and the manifest made to match.
      const twice = path.join(target, 'twice.backup')
      const tar = tarFileWriter(twice)
      const sums: MemberSum[] = []
      let again: { name: string; body: Buffer } | null = null
      for await (const member of tarMembers(fs.createReadStream(archive))) {
        const chunks: Buffer[] = []
        for await (const chunk of member.body) chunks.push(chunk)
        const body = Buffer.concat(chunks)
        if (member.name === MANIFEST_NAME) {
          await tar.addBuffer(again!.name, again!.body)
          sums.push({ ...sums.find((sum) => sum.name === again!.name)! })
          const manifest = JSON.parse(body.toString()) as BackupManifest
          manifest.members = sums
          manifest.blobs.count += 1
          manifest.blobs.bytes += again!.body.length
          await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)))
          continue
        }
        if (member.name.startsWith('blobs/')) again ??= { name: member.name, body }
        await tar.addBuffer(member.name, body)
        sums.push({
          name: member.name,
          size: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
        })
      }
      await tar.finish()
      await refused(twice, /holds blobs\/drive\/\w+ twice/)
      expect(await tables()).toEqual([])
    }, 60_000)

    it('refuses a file that is no backup', async () => {
      const other = path.join(target, 'notes.backup')
      fs.writeFileSync(other, 'hello')
      await refused(other, /refused, nothing was written\. It is not a Shopwright backup/)
      expect(await tables()).toEqual([])
    }, 60_000)

    it('refuses a database that is not empty, and replaces it with --replace', async () => {
      const migrated = await run(['migrate'], target)
      expect(migrated.code, migrated.stderr).toBe(0)
      const before = await everyRow(target, {})
      await refused(archive, /not empty/)
      expect(await everyRow(target, {})).toEqual(before)
      await restore(target, {}, archive, '--replace')
      expect(await everyRow(target, {})).toEqual(await everyRow(source, {}))
    }, 120_000)
  })

  it('seals an archive with a passphrase, and restores it only with that passphrase, whole', async () => {
    const key = path.join(source, 'key.txt')
    fs.writeFileSync(key, 'correct horse battery staple\n')
    const sealed = path.join(source, 'sealed.backup')
    const made = await run(['backup', sealed, '--passphrase-file', key, '--json'], source)
    expect(made.code, made.stderr).toBe(0)
    expect(JSON.parse(made.stdout)).toMatchObject({ encrypted: true })
    const bytes = fs.readFileSync(sealed)
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    // Nothing of the rows or files shows through: not the account's e-mail, not the header.
    expect(bytes.includes(Buffer.from('shopwright-backup'))).toBe(false)
    expect(bytes.includes(Buffer.from('ada@example.com'))).toBe(false)

    const target = projectDir()
    const tables = async () => Object.keys(await everyRow(target, {}))
    const noKey = await run(['restore', sealed], target)
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toContain('SHOPWRIGHT_BACKUP_PASSPHRASE')
    const wrong = await run(['restore', sealed], target, {
      SHOPWRIGHT_BACKUP_PASSPHRASE: 'wrong horse battery staple',
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('nothing was written')
    const changed = path.join(target, 'changed.backup')
    const flipped = Buffer.from(bytes)
    flipped[Math.floor(flipped.length / 2)] = flipped[Math.floor(flipped.length / 2)]! ^ 1
    fs.writeFileSync(changed, flipped)
    const tampered = await run(['restore', changed, '--passphrase-file', key], target)
    expect(tampered.code).toBe(1)
    expect(tampered.stderr).toContain('nothing was written')
    expect(await tables()).toEqual([])

    const short = await run(['backup', sealed, '--encrypt'], source, {
      SHOPWRIGHT_BACKUP_PASSPHRASE: 'too short',
    })
    expect(short.code).toBe(2)
    await restore(target, {}, sealed, '--passphrase-file', key)
    expect(await everyRow(target, {})).toEqual(await everyRow(source, {}))
  }, 240_000)

  describe('stopped midway', () => {
    let big: string
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' }
    for (const key of ['DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'PLUGINS']) delete env[key]

    beforeAll(async () => {
      big = projectDir()
      const seeded = await run(['seed'], big)
      expect(seeded.code, seeded.stderr).toBe(0)
      await onSite(big, {}, async (kernel) => {
        const bytes = Buffer.alloc(96 * 1024 * 1024, 7)
        await kernel.services.drive.upload(
          SYSTEM_ACTOR,
          'private/big.bin',
          Readable.from([bytes]),
          { size: bytes.length },
        )
      })
    }, 120_000)

    /** Starts a backup and answers once its half archive holds some of the big file. */
    async function backupUnderWay(file: string) {
      const child = spawn(process.execPath, [BIN, 'backup', file], {
        cwd: big,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      let partial: string | undefined
      for (let tries = 0; tries < 600 && !partial; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        partial = fs
          .readdirSync(big)
          .filter((name) => name.endsWith('.partial'))
          .map((name) => path.join(big, name))
          .find((name) => fs.statSync(name).size > 8 * 1024 * 1024)
      }
      expect(partial).toBeDefined()
      return { child, partial: partial!, exited, stderr: () => stderr }
    }

    it('leaves no archive when killed, and the half file is refused', async () => {
      const file = path.join(big, 'killed.backup')
      const { child, partial, exited } = await backupUnderWay(file)
      child.kill('SIGKILL')
      await exited
      expect(fs.existsSync(file)).toBe(false)
      const target = projectDir()
      const answer = await run(['restore', partial], target)
      expect(answer.code).toBe(1)
      expect(answer.stderr).toContain('nothing was written')
      expect(Object.keys(await everyRow(target, {}))).toEqual([])
      // A killed backup leaves its half archive, and no spool of its rows (tar.ts).
      expect(fs.readdirSync(big).filter((entry) => entry.startsWith('killed.backup'))).toEqual([
        path.basename(partial),
      ])
      fs.rmSync(partial)
    }, 120_000)

    it('stops cleanly on Ctrl+C: exit 130, no archive and no half file', async () => {
      const file = path.join(big, 'stopped.backup')
      const { child, exited, stderr } = await backupUnderWay(file)
      child.kill('SIGINT')
      const code = await exited
      expect(code, stderr()).toBe(130)
      expect(stderr()).toContain('no archive was written')
      expect(fs.existsSync(file)).toBe(false)
      // Neither the half archive nor the spool of its rows is left.
      expect(fs.readdirSync(big).filter((name) => name.startsWith('stopped.backup'))).toEqual([])
    }, 120_000)
  })
})

describe.skipIf(mariadb.skip)('shopwright backup and restore between SQLite and MariaDB', () => {
  let database: Awaited<ReturnType<typeof mariadb.create>>

  beforeAll(async () => {
    database = await mariadb.create()
  })

  afterAll(async () => {
    await database?.drop()
  })

  it('a SQLite backup restores into MariaDB, and its MariaDB backup back into SQLite', async () => {
    const source = await seededSite({})
    const first = path.join(source, 'sqlite.backup')
    const made = await backup(source, {}, first)

    const onMaria = { DATABASE_URL: database.url }
    const middle = projectDir()
    const restored = await restore(middle, onMaria, first)
    expect(restored).toMatchObject({ from: 'sqlite', to: 'mysql', rows: made.rows })
    const rows = await everyRow(source, {})
    expect(await everyRow(middle, onMaria)).toEqual(rows)
    // Backed up again before anything boots on it: a boot and a sign-in write rows of their own.
    const second = path.join(middle, 'maria.backup')
    const again = await backup(middle, onMaria, second)
    expect(again).toMatchObject({ engine: 'mysql', rows: made.rows, files: made.files })
    expect(await driveFiles(middle, onMaria)).toEqual(await driveFiles(source, {}))
    expect(await loginStatus(middle, 'ada@example.com', 'secret12', onMaria)).toBe(200)

    const last = projectDir()
    await restore(last, {}, second)
    expect(await everyRow(last, {})).toEqual(rows)
    expect(await driveFiles(last, {})).toEqual(await driveFiles(source, {}))
    expect(await loginStatus(last, 'ada@example.com', 'secret12', {})).toBe(200)
  }, 300_000)
})
