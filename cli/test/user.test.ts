import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { addUser, projectDir, run } from '../src/testing/index.js'
import { loginStatus } from './login-status.js'

const manifest = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../package.json'),
    'utf8',
  ),
) as { version: string }

interface Listed {
  type: string
  id: string
  email: string
  name: string
  roles: string[]
}

async function listed(cwd: string): Promise<Listed[]> {
  const result = await run(['user', 'list', '--json'], cwd)
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as Listed[]
}

describe('shopwright --version and help', () => {
  it.each([['--version'], ['-v']])('%s prints the package version', async (flag) => {
    const result = await run([flag], projectDir())
    expect(result.code).toBe(0)
    expect(result.stdout.trim()).toBe(manifest.version)
  })

  it('help user lists every user command, each subcommand describes its options', async () => {
    const cwd = projectDir()
    const help = await run(['help', 'user'], cwd)
    expect(help.code).toBe(0)
    for (const name of ['add', 'list', 'password', 'roles', 'remove'])
      expect(help.stdout).toMatch(new RegExp(`^\\s+${name}\\b.*\\S`, 'm'))
    const password = await run(['user', 'password', '--help'], cwd)
    expect(password.code).toBe(0)
    expect(password.stdout).toMatch(/--email <email>\s+e-mail of the account/)
    expect(password.stdout).toMatch(/--password <password>\s+the new password/)
    // No colour in a pipe.
    expect(password.stdout).not.toContain('\u001b[')
    const top = await run(['--help'], cwd)
    expect(top.stdout).toMatch(/Exit codes:/)
  })

  it.each([
    [['frobnicate']],
    [['user']],
    [['user', 'list', '--colour']],
    [['user', 'roles', '--email', 'a@example.com']],
  ])('%o is a usage error: exit 2', async (args) => {
    const result = await run(args, projectDir())
    expect(result.code, result.stderr).toBe(2)
  })
})

describe('shopwright user list, password, roles and remove', () => {
  const cwd = projectDir()

  beforeAll(async () => {
    // The sample company's role records, which `user roles` checks against.
    const seeded = await run(['seed'], cwd)
    expect(seeded.code, seeded.stderr).toBe(0)
    await addUser(cwd, { email: 'ada@example.com', password: 'secret12', roles: 'office' })
    await addUser(cwd, { email: 'bob@example.com', password: 'secret12', type: 'customer' })
  }, 120_000)

  it('lists the accounts as tab-separated lines in a pipe, and as JSON with --json', async () => {
    const result = await run(['user', 'list'], cwd)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      'employee\t1\tada@example.com\tada\toffice',
      'customer\t1\tbob@example.com\tbob\t',
    ])
    expect(await listed(cwd)).toEqual([
      { type: 'employee', id: '1', email: 'ada@example.com', name: 'ada', roles: ['office'] },
      { type: 'customer', id: '1', email: 'bob@example.com', name: 'bob', roles: [] },
    ])
  })

  it('sets a new password, which signs in while the old one no longer does', async () => {
    const result = await run(
      ['user', 'password', '--email', 'Bob@Example.com', '--password', 'brand-new-9'],
      cwd,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/Set the password of customer 1 <bob@example.com>/)
    expect(await loginStatus(cwd, 'bob@example.com', 'brand-new-9')).toBe(200)
    expect(await loginStatus(cwd, 'bob@example.com', 'secret12')).toBe(401)
  })

  it('refuses a short password with the catalogue code, changing nothing', async () => {
    const result = await run(
      ['user', 'password', '--email', 'ada@example.com', '--password', '123'],
      cwd,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/ERROR_PASSWORD_TOO_SHORT/)
  })

  it('without --password and no terminal to ask on, exits 2 before changing anything', async () => {
    const result = await run(['user', 'password', '--email', 'ada@example.com'], cwd)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--password <password> is required when standard input/)
    expect(await loginStatus(cwd, 'ada@example.com', 'secret12')).toBe(200)
  })

  it('replaces the roles with known ones, and refuses an unknown role', async () => {
    const set = await run(
      ['user', 'roles', '--email', 'ada@example.com', '--roles', 'allmanagers, administrator'],
      cwd,
    )
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toMatch(
      /Set the roles of employee 1 <ada@example.com>: allmanagers, administrator/,
    )
    const unknown = await run(
      ['user', 'roles', '--email', 'ada@example.com', '--roles', 'office,nosuchrole'],
      cwd,
    )
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/ERROR_INVALID_INPUT.*Unknown role\(s\): nosuchrole\./)
    expect((await listed(cwd)).find((line) => line.email === 'ada@example.com')?.roles).toEqual([
      'allmanagers',
      'administrator',
    ])
    const cleared = await run(['user', 'roles', '--email', 'ada@example.com', '--roles', ''], cwd)
    expect(cleared.code, cleared.stderr).toBe(0)
    expect(cleared.stdout).toMatch(/: none$/m)
  })

  it.each([
    [['password', '--password', 'whatever-1']],
    [['roles', '--roles', 'office']],
    [['remove', '--yes']],
  ])('user %o of an unknown e-mail exits 1 with ERROR_EMAIL_NOT_FOUND', async (args) => {
    const [command, ...rest] = args
    const result = await run(['user', command!, '--email', 'nobody@example.com', ...rest], cwd)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/ERROR_EMAIL_NOT_FOUND: .*\(nobody@example.com\)/)
  })

  it('refuses to remove without --yes when nobody can confirm, then moves the account to the bin', async () => {
    const refused = await run(['user', 'remove', '--email', 'bob@example.com'], cwd)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--yes is required/)
    expect((await listed(cwd)).map((line) => line.email)).toContain('bob@example.com')

    const removed = await run(['user', 'remove', '--email', 'bob@example.com', '--yes'], cwd)
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toMatch(/Moved customer 1 <bob@example.com> to the bin/)
    expect((await listed(cwd)).map((line) => line.email)).toEqual(['ada@example.com'])
    expect(await loginStatus(cwd, 'bob@example.com', 'brand-new-9')).toBe(401)
    const again = await run(['user', 'remove', '--email', 'bob@example.com', '--yes'], cwd)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/ERROR_EMAIL_NOT_FOUND/)
  })
})
