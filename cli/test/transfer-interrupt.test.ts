import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { BIN, projectDir, run } from '../src/testing/index.js'

/** util-linux's `script` runs a command on a pseudo-terminal, where Ctrl+C is a keystroke. */
const SCRIPT = '/usr/bin/script'
const PARTS = 20
const PER_PART = 1000
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '\n')

/** An archive as `shopwright export` writes it: PARTS parts of PER_PART webpage records. */
function pagesArchive(file: string): void {
  const entries: Record<string, Uint8Array> = {}
  const parts = []
  for (let part = 1; part <= PARTS; part++) {
    const records: Record<string, Uint8Array> = {}
    for (let index = 0; index < PER_PART; index++) {
      const id = `page${part}x${index}`
      records[`webpage-${id}.json`] = strToU8(
        JSON.stringify({ type: 'webpage', id, headline: `Page ${part}.${index}` }),
      )
    }
    const name = `records/${String(part).padStart(4, '0')}.zip`
    entries[name] = zipSync(records, { level: 1 })
    parts.push({ type: 'webpage', count: PER_PART, name })
  }
  entries['shopwright-export.json'] = strToU8(
    JSON.stringify({
      format: 'shopwright-export',
      version: 1,
      created: new Date().toISOString(),
      shopwright: '0.1.0',
      records: parts,
      drive: null,
    }),
  )
  fs.writeFileSync(file, zipSync(entries, { level: 0 }))
}

/** How many webpage records the site has, as `shopwright export --json` counts them. */
async function pagesIn(cwd: string): Promise<number> {
  const out = path.join(cwd, `count-${Date.now()}.zip`)
  const result = await run(['export', out, '--types', 'webpage', '--no-files', '--json'], cwd)
  expect(result.code, result.stderr).toBe(0)
  return (JSON.parse(result.stdout) as { records: { webpage?: number } }).records.webpage ?? 0
}

/**
 * Ctrl+C during `shopwright import` and `export` (docs/cli.md, "Stopping an import or an export"): the import
 * stops after the batch it is writing, says what it did and how to finish, exits 130, and the
 * same import run again completes it without duplicating anything.
 */
describe.skipIf(!fs.existsSync(SCRIPT))('Ctrl+C during shopwright import and export', () => {
  let cwd: string
  let archive: string
  let before: number

  beforeAll(async () => {
    cwd = projectDir()
    expect((await run(['seed'], cwd)).code).toBe(0)
    archive = path.join(cwd, 'pages.zip')
    pagesArchive(archive)
    before = await pagesIn(cwd)
  }, 120_000)

  /** `shopwright <args>` on a pseudo-terminal, Ctrl+C pressed once its records bar shows. */
  async function interrupted(args: string[]): Promise<{ code: number | null; text: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm', NODE_ENV: 'production' }
    for (const key of ['DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'NO_COLOR'])
      delete env[key]
    const command = [process.execPath, BIN, ...args].map((part) => JSON.stringify(part))
    const child = spawn(SCRIPT, ['-qfec', command.join(' '), '/dev/null'], {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    // The records bar is drawn once the work has begun: Ctrl+C, as a person presses it.
    for (let waited = 0; !plain(output).includes('records'); waited += 20) {
      if (waited > 90_000) throw new Error(`no progress bar:\n${plain(output)}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    child.stdin.write('\u0003')
    return { code: await exited, text: plain(output) }
  }

  it('stops after the current step, says what was imported, and a second run finishes', async () => {
    const { code, text } = await interrupted(['import', archive])
    expect(text).toContain('Stopping after the current step (Ctrl+C again to stop at once)')
    expect(text).toMatch(/Stopped by Ctrl\+C after .*: \d+ record\(s\) of 1 type\(s\) imported/)
    expect(text).toContain('Import the file again to finish')
    expect(code).toBe(130)
    const stopped = await pagesIn(cwd)
    expect(stopped - before).toBeLessThan(PARTS * PER_PART)

    const again = await run(['import', archive], cwd)
    expect(again.code, again.stderr).toBe(0)
    expect(await pagesIn(cwd)).toBe(before + PARTS * PER_PART)
  }, 240_000)

  it('stops an export, leaving no archive and no half archive behind', async () => {
    const out = path.join(cwd, 'site.zip')
    const { code, text } = await interrupted(['export', out, '--no-files'])
    expect(text).toContain('Stopping after the current step')
    expect(text).toContain(`Stopped by Ctrl+C after`)
    expect(text).toContain(`no archive was written (${out} is as it was)`)
    expect(code).toBe(130)
    expect(fs.readdirSync(cwd).filter((name) => name.startsWith('site.zip'))).toEqual([])
  }, 120_000)
})
