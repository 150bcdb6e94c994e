import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { addUser, BIN, projectDir } from '../src/testing/index.js'

/**
 * Issue 36: `shopwright user list | head` ends quietly. The reader here closes its end before the
 * command writes its rows, as `head -n 0` does: the command's write fails with EPIPE, which used to
 * end it with Node's unhandled-error stack.
 */
describe('a command whose reader goes away', () => {
  it('ends with 0 and no stack', async () => {
    const dir = projectDir()
    await addUser(dir, { email: 'pipe@example.com', password: 'secret12', roles: 'administrator' })
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }
    for (const key of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'PLUGINS']) delete env[key]
    const child = spawn(process.execPath, [BIN, 'user', 'list'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise((resolve) => child.on('close', (status) => resolve(status)))
    expect(stderr).not.toContain('EPIPE')
    expect(stderr).not.toContain('Unhandled')
    expect(code).toBe(0)
  }, 120_000)
})
