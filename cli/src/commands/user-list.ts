import type { Kernel, RecordData } from '@shopwright/core'
import { withKernel } from '../boot.js'
import { alignedTable, tabSeparated } from '../table.js'
import type { Terminal } from '../terminal.js'
import { accountsOf, rolesOfAccount } from './accounts.js'

/** The record types whose records sign in, staff first (the account plugin's ACCOUNT_TYPES). */
const ACCOUNT_TYPES = ['employee', 'customer'] as const

/** Records per query: the store's list call is paged, so no single query is unbounded. */
const PAGE = 500

const HEADING = ['TYPE', 'ID', 'E-MAIL', 'NAME', 'ROLES']

/** One account as `user list` shows it. */
export interface AccountLine {
  type: string
  id: string
  email: string
  name: string
  roles: string[]
}

/**
 * `shopwright user list`: every sign-in account (binned ones are not accounts until restored), as
 * a table on a terminal, tab-separated lines in a pipe (type, id, e-mail, name, comma-separated
 * roles), or JSON with --json.
 */
export async function userList(
  options: { json?: boolean },
  terminal: Terminal,
): Promise<AccountLine[]> {
  const lines = await withKernel(listAccounts)
  if (options.json) {
    terminal.print(JSON.stringify(lines, null, 2))
  } else if (!terminal.table) {
    for (const line of tabSeparated(rows(lines))) terminal.print(line)
  } else if (lines.length === 0) {
    terminal.print(terminal.colours.dim('No accounts.'))
  } else {
    for (const line of alignedTable(HEADING, rows(lines), terminal.colours)) terminal.print(line)
  }
  return lines
}

async function listAccounts(kernel: Kernel): Promise<AccountLine[]> {
  // Refuses a site without the account plugin, where these types sign nobody in.
  accountsOf(kernel)
  const lines: AccountLine[] = []
  for (const type of ACCOUNT_TYPES) {
    const records: RecordData[] = []
    let after: string | undefined
    for (;;) {
      const page = await kernel.services.records.findAll(type, {
        limit: PAGE,
        ...(after === undefined ? {} : { after }),
      })
      records.push(...page)
      if (page.length < PAGE) break
      after = page[page.length - 1]!.id
    }
    // The store pages in the database's text order ("10" before "2", and case-blind on MariaDB);
    // shorter first, then by code point, lists counter ids 1, 2, ... 10 in the order they were made.
    records.sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    lines.push(...records.map(toLine))
  }
  return lines
}

function toLine(record: RecordData): AccountLine {
  return {
    type: record.type,
    id: record.id,
    email: String(record.email ?? ''),
    name: String(record.name ?? ''),
    roles: rolesOfAccount(record),
  }
}

function rows(lines: readonly AccountLine[]): string[][] {
  return lines.map((line) => [line.type, line.id, line.email, line.name, line.roles.join(',')])
}
