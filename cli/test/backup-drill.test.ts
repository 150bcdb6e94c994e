import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import type {} from '@shopwright/plugin-drive'
import type {} from '@shopwright/plugin-records'
import { addUser, projectDir, run } from '../src/testing/index.js'
import { loginStatus } from './login-status.js'
import { onSite } from './sites.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** What the load wrote and when each write was acknowledged. */
interface Acknowledged {
  /** Page id -> each headline it was given, with when the write returned. */
  pages: Map<string, Array<{ headline: string; at: number }>>
  /** Drive path -> SHA-256 of its bytes, with when the upload returned. */
  files: Map<string, { sha: string; at: number }>
}

/**
 * A staff member's steady work on the site while the backup runs: new pages, edits of earlier
 * ones, uploads, one after the other as fast as the site takes them, until `stop` is set.
 */
async function steadyLoad(kernel: Kernel, acked: Acknowledged, stop: { now: boolean }) {
  const { records, drive } = kernel.services
  for (let n = 1; !stop.now; n++) {
    const id = `load-${n}`
    await records.create(SYSTEM_ACTOR, { type: 'webpage', id, headline: `Page ${n}` })
    acked.pages.set(id, [{ headline: `Page ${n}`, at: Date.now() }])
    if (n % 3 === 0) {
      const earlier = `load-${n - 2}`
      const headline = `Page ${n - 2}, edited at ${n}`
      await records.update(SYSTEM_ACTOR, 'webpage', earlier, [
        { field: 'headline', value: headline },
      ])
      acked.pages.get(earlier)!.push({ headline, at: Date.now() })
    }
    if (n % 4 === 0) {
      const bytes = randomBytes(20_000 + ((n * 7919) % 180_000))
      const where = `public/load/file-${n}.bin`
      await drive.upload(SYSTEM_ACTOR, where, Readable.from([bytes]), { size: bytes.length })
      acked.files.set(`drive/${where}`, { sha: sha256(bytes), at: Date.now() })
    }
  }
}

/**
 * The drill (docs/operations.md, "Backups"): a backup taken while the load writes, restored into
 * a fresh database of the other engine, must hold every write acknowledged before the backup
 * began, each page with a headline it really had, every file whole, and the same passwords.
 */
async function drill(sourceEnv: Record<string, string>, targetEnv: Record<string, string>) {
  const source = projectDir()
  const seeded = await run(['seed'], source, sourceEnv)
  expect(seeded.code, seeded.stderr).toBe(0)
  await addUser(
    source,
    { email: 'ada@example.com', password: 'secret12', roles: 'office' },
    sourceEnv,
  )
  const archive = path.join(source, 'drill.backup')
  const acked: Acknowledged = { pages: new Map(), files: new Map() }
  let began = 0
  let ended = 0
  await onSite(source, sourceEnv, async (site) => {
    await site.services.drive.create(SYSTEM_ACTOR, 'public/load')
    const stop = { now: false }
    const load = steadyLoad(site, acked, stop)
    // Its failure is awaited below, after the backup; until then it is no unhandled rejection.
    load.catch(() => undefined)
    try {
      // The load runs a while before, during and after the backup.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      began = Date.now()
      const made = await run(['backup', archive, '--json'], source, sourceEnv)
      expect(made.code, made.stderr).toBe(0)
      ended = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 500))
    } finally {
      stop.now = true
    }
    // A failed write fails the drill.
    await load
  })
  const before = [...acked.pages.values()].filter((history) => history[0]!.at < began)
  expect(before.length).toBeGreaterThan(5)
  // The site was written to while the backup read it.
  const during = [...acked.pages.values()].flat().filter((e) => e.at >= began && e.at <= ended)
  expect(during.length).toBeGreaterThan(0)

  const target = projectDir()
  const restored = await run(['restore', archive, '--json'], target, targetEnv)
  expect(restored.code, restored.stderr).toBe(0)

  await onSite(target, targetEnv, async (copy) => {
    const { records, drive } = copy.services
    for (const [id, history] of acked.pages) {
      const page = await records.find('webpage', id)
      if (history[0]!.at < began)
        expect(page, `${id} was acknowledged before the backup`).not.toBeNull()
      if (!page) continue
      // A headline it really had, and no older than the last one acknowledged before the backup.
      const headlines = history.map((entry) => entry.headline)
      expect(headlines).toContain(page.headline)
      const settled = history.filter((entry) => entry.at < began).at(-1)
      if (settled)
        expect(headlines.indexOf(page.headline as string)).toBeGreaterThanOrEqual(
          headlines.indexOf(settled.headline),
        )
    }
    const files = new Map<string, string>()
    for (const member of await drive.zipMembers(SYSTEM_ACTOR, [''])) {
      if (!member.open) continue
      const hash = createHash('sha256')
      for await (const chunk of (await member.open()) as AsyncIterable<Buffer>) hash.update(chunk)
      files.set(member.name, hash.digest('hex'))
    }
    for (const [name, file] of acked.files) {
      const found = files.get(name)
      if (file.at < began)
        expect(found, `${name} was acknowledged before the backup`).toBe(file.sha)
      else if (found) expect(found).toBe(file.sha)
    }
  })
  expect(await loginStatus(target, 'ada@example.com', 'secret12', targetEnv)).toBe(200)
}

describe.skipIf(mariadb.skip)('a backup taken under load, restored into the other engine', () => {
  it('from SQLite into MariaDB', async () => {
    const database = await mariadb.create()
    try {
      await drill({}, { DATABASE_URL: database.url })
    } finally {
      await database.drop()
    }
  }, 300_000)

  it('from MariaDB into SQLite', async () => {
    const database = await mariadb.create()
    try {
      await drill({ DATABASE_URL: database.url }, {})
    } finally {
      await database.drop()
    }
  }, 300_000)
})
