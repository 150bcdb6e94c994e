import { stripVTControlCharacters } from 'node:util'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { BIN, projectDir } from '../src/testing/index.js'

/** util-linux's `script` runs a command on a pseudo-terminal: `npm start` as a person sees it. */
const SCRIPT = '/usr/bin/script'
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '')

/**
 * Issue 36, "A start that talks": on a terminal, `shopwright start` prints a box with the shop's,
 * the admin's and the API's addresses and the first administrator's password, once, and logs one
 * readable line per request instead of JSON (LOG_FORMAT=auto). In a pipe it stays JSON: the
 * other start tests read its `"url":` and `First administrator` lines.
 */
describe.skipIf(!fs.existsSync(SCRIPT))('shopwright start on a terminal', () => {
  let stop: (() => void) | undefined
  afterAll(() => stop?.())

  it('prints the addresses and the password in a box, then readable log lines', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      TERM: 'xterm',
    }
    for (const key of [
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'PLUGINS',
      'LOG_FORMAT',
      'NO_COLOR',
    ])
      delete env[key]
    const child = spawn(
      SCRIPT,
      ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} start`, '/dev/null'],
      { cwd: projectDir(), env, stdio: ['pipe', 'pipe', 'pipe'] },
    )
    stop = () => child.kill('SIGTERM')
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const until = async (pattern: RegExp) => {
      for (let waited = 0; waited < 90_000; waited += 100) {
        const match = pattern.exec(plain(output))
        if (match) return match
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`not printed: ${pattern}\n${plain(output)}`)
    }
    const [, url] = await until(/Shop\s+(http:\/\/127\.0\.0\.1:\d+)\//)
    const [, password] = await until(/Password\s+(\S+)/)
    const text = plain(output)
    expect(text).toContain(`Admin   ${url}/admin`)
    expect(text).toContain(`API     ${url}/query`)
    expect(text).toMatch(/┌─+┐/)
    // Coloured on a terminal that has colours.
    expect(output).toContain('\u001b[')
    // The password is in the box only, never in a log line.
    expect(text.split(password!).length).toBe(2)

    // The password signs in: the box tells the truth.
    const login = await fetch(`${url}/query/account/login`, {
      method: 'POST',
      headers: { device: 'start-terminal', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    })
    expect(login.status).toBe(200)
    expect((await fetch(`${url}/query/nothing-here`)).status).toBe(404)
    await until(/GET \/query\/nothing-here 404 [\d.]+ ms/)
    // No JSON line on a terminal.
    expect(plain(output)).not.toContain('{"level"')
  }, 120_000)
})
