import path from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { coloursFor } from '../src/colours.js'
import { main } from '../src/index.js'
import type { AskOptions } from '../src/prompt.js'
import type { Terminal } from '../src/terminal.js'
import { addUser, projectDir, run } from '../src/testing/index.js'
import { loginStatus } from './login-status.js'

/**
 * The branches only a person at a terminal reaches (a hidden password prompt, a confirmation, the
 * aligned table), run in this process with a stand-in terminal on a site the real command made.
 */
const cwd = projectDir()

/** A terminal on stdin and stdout that answers the given lines in turn. */
function fakeTerminal(answers: string[]) {
  const printed: string[] = []
  const asked: Array<{ question: string; hidden: boolean }> = []
  const terminal: Terminal = {
    print: (line) => {
      printed.push(line)
    },
    table: true,
    colours: coloursFor(false),
    interactive: true,
    ask: async (question: string, options?: AskOptions) => {
      asked.push({ question, hidden: options?.hidden === true })
      const answer = answers.shift()
      if (answer === undefined) throw new Error(`unexpected question: ${question}`)
      return answer
    },
  }
  return { terminal, printed, asked }
}

let stderr = ''
beforeEach(() => {
  stderr = ''
  // The in-process command boots the same site the spawned ones use, and logs nothing.
  vi.stubEnv('DATA_DIR', path.join(cwd, 'data'))
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'PORT']) vi.stubEnv(key, '')
  vi.stubEnv('LOG_LEVEL', 'silent')
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk)
    return true
  })
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

beforeAll(async () => {
  await addUser(cwd, { email: 'ada@example.com', password: 'secret12', roles: 'administrator' })
  await addUser(cwd, { email: 'bob@example.com', password: 'secret12', type: 'customer' })
}, 60_000)

const shopwright = (terminal: Terminal, ...args: string[]) =>
  main(['node', 'shopwright', ...args], terminal)

describe('shopwright user commands at a terminal', () => {
  it('lists the accounts as an aligned table under a heading', async () => {
    const { terminal, printed } = fakeTerminal([])
    expect(await shopwright(terminal, 'user', 'list')).toBe(0)
    expect(printed).toEqual([
      'TYPE      ID  E-MAIL           NAME  ROLES',
      'employee  1   ada@example.com  ada   administrator',
      'customer  1   bob@example.com  bob',
    ])
  })

  it('asks for the new password twice without echo and sets it', async () => {
    const { terminal, asked } = fakeTerminal(['typed-pass-7', 'typed-pass-7'])
    expect(await shopwright(terminal, 'user', 'password', '--email', 'ada@example.com')).toBe(0)
    expect(asked).toEqual([
      { question: 'New password for employee 1 <ada@example.com>: ', hidden: true },
      { question: 'The same password again: ', hidden: true },
    ])
    expect(await loginStatus(cwd, 'ada@example.com', 'typed-pass-7')).toBe(200)
  })

  it('refuses two different answers and keeps the password', async () => {
    const { terminal } = fakeTerminal(['first-pass-1', 'other-pass-2'])
    expect(await shopwright(terminal, 'user', 'password', '--email', 'ada@example.com')).toBe(1)
    expect(stderr).toMatch(/ERROR_PASSWORDS_DO_NOT_MATCH/)
    expect(await loginStatus(cwd, 'ada@example.com', 'typed-pass-7')).toBe(200)
  })

  it('asks before removing: no keeps the account, yes moves it to the bin', async () => {
    const declined = fakeTerminal(['n'])
    expect(
      await shopwright(declined.terminal, 'user', 'remove', '--email', 'bob@example.com'),
    ).toBe(1)
    expect(declined.asked[0]?.question).toBe(
      'Move customer 1 <bob@example.com> (bob) to the bin? [y/N] ',
    )
    expect(stderr).toMatch(/Cancelled: nothing was changed/)
    expect(await loginStatus(cwd, 'bob@example.com', 'secret12')).toBe(200)

    const confirmed = fakeTerminal(['y'])
    expect(
      await shopwright(confirmed.terminal, 'user', 'remove', '--email', 'bob@example.com'),
    ).toBe(0)
    expect(confirmed.printed).toEqual(['Moved customer 1 <bob@example.com> to the bin.'])
    const result = await run(['user', 'list'], cwd)
    expect(result.stdout).not.toContain('bob@example.com')
  })
})
