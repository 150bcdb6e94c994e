import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import {
  addUser,
  projectDir,
  run,
  startServer,
  zipBomb,
  type RunningServer,
} from '../src/testing/index.js'

const PASSWORD = 'import-password-1'

/** The resident memory of a process, in MB, from /proc. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

/** Samples a process's memory every 10 ms while the work runs; answers the work's result and the peak. */
async function peakWhile<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10)
  try {
    return { result: await work, peak: Math.max(peak, rssOf(pid)) }
  } finally {
    clearInterval(timer)
  }
}

/** A zip of `files` JSON files of `each` webpage records. */
function pagesZip(files: number, each: number, prefix: string): Buffer {
  const entries: Record<string, Uint8Array> = {}
  for (let file = 0; file < files; file++) {
    const records = Array.from({ length: each }, (_, index) => ({
      type: 'webpage',
      id: `${prefix}${file}x${index}`,
      headline: `Page ${file}.${index}`,
      // Rich text goes through the HTML worker in an import (plugins/records html-cleaner.ts).
      content: `<p onclick="steal()">Page <b>${index}</b></p><script>alert(${index})</script>`,
    }))
    entries[`pages/${file}.json`] = strToU8(JSON.stringify(records))
  }
  return Buffer.from(zipSync(entries, { level: 6 }))
}

/**
 * The security issue's import findings against a real `shopwright start` on SQLite: zip bombs are
 * refused with the process's memory bounded, a long import leaves the process answering, and a
 * graceful stop in the middle of one ends it cleanly (docs/security.md, "Imports").
 */
describe('imports against a real server process on SQLite', () => {
  let server: RunningServer
  let cwd: string
  let cookie: string

  const importZip = async (zip: Buffer) => {
    const response = await fetch(`${server.url}/query/data/import?filename=upload.zip`, {
      method: 'POST',
      headers: { cookie, device: 'import-test', accept: 'application/json' },
      body: zip,
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }

  beforeAll(async () => {
    cwd = projectDir()
    expect((await run(['seed'], cwd)).code).toBe(0)
    await addUser(cwd, {
      email: 'importer@example.com',
      password: PASSWORD,
      roles: 'administrator',
    })
    server = await startServer(cwd)
    const login = await fetch(`${server.url}/query/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', device: 'import-test' },
      body: JSON.stringify({ email: 'importer@example.com', password: PASSWORD }),
    })
    expect(login.status).toBe(200)
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('refuses a bomb that declares gigabytes before inflating it, with memory bounded', async () => {
    // About 2 MB that inflate to 8 GB: four entries over one 2 GB run of zeros.
    const bomb = await zipBomb({ kernelBytes: 2 * 1024 ** 3, copies: 4, honest: true })
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024)
    const { result, peak } = await peakWhile(server.child.pid!, importZip(bomb))
    expect(result.status).toBe(413)
    expect(result.body).toMatchObject({ ok: false, message: 'ERROR_BODY_TOO_LARGE' })
    expect(peak).toBeLessThan(300)
  }, 60_000)

  it('stops a bomb whose headers lie at its declared size, with memory bounded', async () => {
    const bomb = await zipBomb({ kernelBytes: 2 * 1024 ** 3, copies: 4, honest: false })
    const { result, peak } = await peakWhile(server.child.pid!, importZip(bomb))
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ ok: false, message: 'ERROR_IMPORT_FILE_TYPE' })
    expect(JSON.stringify(result.body)).not.toMatch(/stack|Maximum call/i)
    expect(peak).toBeLessThan(300)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  }, 60_000)

  it('keeps answering other requests while a long import runs', async () => {
    const zip = pagesZip(20, 1000, 'long')
    let answered = 0
    let importing = true
    const probe = (async () => {
      while (importing) {
        const reply = await fetch(`${server.url}/healthz`)
        if (reply.status === 200) answered++
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const result = await importZip(zip)
    importing = false
    await probe
    expect(result.status).toBe(200)
    const items = result.body as Array<{ ok: boolean }>
    expect(items).toHaveLength(20_000)
    expect(items.every((item) => item.ok)).toBe(true)
    // Had the import held the event loop, no health check would have been answered before it ended.
    expect(answered).toBeGreaterThan(2)
    // Every page's rich text was cleaned (by the worker thread of the built plugin).
    const page = await fetch(`${server.url}/query/data/get/webpage/long7x123`, {
      headers: { cookie, device: 'import-test', accept: 'application/json' },
    })
    expect(((await page.json()) as { content: string }).content).toBe('<p>Page <b>123</b></p>')
  }, 120_000)

  it('ends an import cleanly when the server is stopped in the middle of it', async () => {
    const zip = pagesZip(60, 1000, 'stop')
    const pending = importZip(zip)
    // Stop once the import has written its first batch.
    const db = `${cwd}/data/shopwright.sqlite`
    const { default: Database } = await import('better-sqlite3')
    const reader = new Database(db, { readonly: true })
    const written = () =>
      (
        reader.prepare("SELECT count(*) AS n FROM records WHERE id LIKE 'stop%'").get() as {
          n: number
        }
      ).n
    while (written() === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    const exit = server.stop()
    const result = await pending
    expect(await exit).toBe(0)
    expect(result.status).toBe(200)
    const items = result.body as Array<{ ok: boolean; message?: string; name?: string }>
    const done = items.filter((item) => item.ok).length
    expect(done).toBeGreaterThan(0)
    expect(done).toBeLessThan(60_000)
    // One last answer says where the stop ended the import.
    expect(items.filter((item) => !item.ok)).toEqual([
      expect.objectContaining({ ok: false, message: 'ERROR_SERVER_STOPPING' }),
    ])
    expect(items.at(-1)!.name).toMatch(/and what follows it$/)
    // What the answer says was imported is exactly what is stored.
    expect(written()).toBe(done)
    reader.close()
    server = await startServer(cwd)
  }, 120_000)
})
