import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(fileURLToPath(import.meta.url), '../..')

/**
 * `npm start` in the repository (scripts/start.mjs), in a pipe as a supervisor runs it: one line
 * for the build (everything is built already under `npm test`), the site's JSON log, and a
 * SIGTERM passed on to the site, which stops gracefully.
 */
describe('npm start in the repository', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-npm-start-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('builds what runs, says so in one line, starts the site and stops it on SIGTERM', async () => {
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    }
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'LOG_FORMAT']) delete env[key]
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()))
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
    let url = null
    for (let waited = 0; waited < 590_000 && !url; waited += 200) {
      url = /"url":"(http:\/\/[^"]+)"/.exec(stdout)?.[1] ?? null
      if (!url) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(url, `${stderr}\n${stdout}`).not.toBeNull()
    expect(stderr).toMatch(/^Building Shopwright \(\d+ packages\)\.\.\.$/m)
    expect(stderr).toMatch(
      /^(Shopwright is built: \d+ packages up to date|Built \d+ of \d+ packages)/m,
    )
    // Not a terminal: no redrawn line, and the site logs JSON.
    expect(stderr).not.toContain('\r')
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(stdout).toContain('stopping: draining open requests')
  }, 600_000)
})
