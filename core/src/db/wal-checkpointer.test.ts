import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import pino from 'pino'
import type { Knex } from 'knex'
import { createDatabase } from './create-database.js'
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js'

const logger = pino({ level: 'silent' })

describe('the background WAL checkpointer', () => {
  let dir = ''
  let db: Knex | undefined
  let checkpointer: WalCheckpointer | undefined
  afterEach(async () => {
    await checkpointer?.stop()
    await db?.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  async function filled(backgroundCheckpoints: boolean): Promise<string> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-wal-'))
    const file = path.join(dir, 'db.sqlite')
    db = createDatabase(`sqlite:${file}`, { logger, backgroundCheckpoints })
    await db.schema.createTable('notes', (table) => {
      table.increments('id')
      table.text('body')
    })
    // About 2 MB in 500 commits: past SQLite's own 1,000-page threshold, under the fallback's.
    for (let n = 0; n < 500; n++) await db('notes').insert({ body: 'x'.repeat(4000) })
    return file
  }

  it('copies the log into the database file on its own thread', async () => {
    const file = await filled(true)
    // The request-side connection left the log alone: the file holds little of the data.
    expect(fs.statSync(file).size).toBeLessThan(1_000_000)
    checkpointer = startWalCheckpointer(file, logger, { every: 20 })
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(2_000_000)
    expect(await db!('notes').count({ count: '*' })).toEqual([{ count: 500 }])
  })

  it('runs its thread only while the log is written', async () => {
    const file = await filled(true)
    checkpointer = startWalCheckpointer(file, logger, { every: 20, idleStopMs: 200 })
    await expect.poll(() => checkpointer!.running(), { timeout: 5_000, interval: 10 }).toBe(true)
    // Nothing written for idleStopMs: the thread ends.
    await expect.poll(() => checkpointer!.running(), { timeout: 5_000, interval: 10 }).toBe(false)
    // Writes wake it again (the log file keeps its size once it has grown).
    const more = async () => {
      for (let n = 0; n < 20; n++) await db!('notes').insert({ body: 'y'.repeat(4000) })
    }
    await more()
    await expect.poll(() => checkpointer!.running(), { timeout: 5_000, interval: 10 }).toBe(true)
  })

  it('leaves a log under its threshold to SQLite, and never starts a thread for it', async () => {
    const file = await filled(true)
    checkpointer = startWalCheckpointer(file, logger, { every: 20, startBytes: 50_000_000 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(checkpointer.running()).toBe(false)
  })

  it('stops once, and again without harm, leaving the database usable', async () => {
    const file = await filled(true)
    checkpointer = startWalCheckpointer(file, logger, { every: 20 })
    await checkpointer.stop()
    await checkpointer.stop()
    await db!('notes').insert({ body: 'after' })
    expect(await db!('notes').count({ count: '*' })).toEqual([{ count: 501 }])
  })
})
