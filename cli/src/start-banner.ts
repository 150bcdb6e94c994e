import { stripVTControlCharacters } from 'node:util'
import type { Colours } from './colours.js'

/** What the banner tells: where the site answers, and the first administrator when one was made. */
export interface BannerFacts {
  url: string
  firstAdministrator?: { email: string; password: string } | undefined
}

/** The visible width of a line: its characters without the colour codes. */
const widthOf = (text: string) => [...stripVTControlCharacters(text)].length

/**
 * The lines `npm start` prints once the site listens on a terminal (docs/cli.md, "start"): the
 * addresses of the shop, the admin and the API, and, on the first start, the first
 * administrator's e-mail and password, once, in a box a newcomer cannot miss among the logs.
 */
export function startBanner(facts: BannerFacts, colours: Colours): string[] {
  const rows: string[] = [
    colours.bold(colours.green('Shopwright is ready')),
    '',
    `  ${colours.bold('Shop ')}   ${facts.url}/`,
    `  ${colours.bold('Admin')}   ${facts.url}/admin`,
    `  ${colours.bold('API  ')}   ${facts.url}/query`,
  ]
  const admin = facts.firstAdministrator
  if (admin)
    rows.push(
      '',
      colours.bold('First administrator (shown only this once):'),
      `  E-mail     ${admin.email}`,
      `  Password   ${colours.bold(admin.password)}`,
      colours.dim('  Sign in at the admin, then change the password in your profile.'),
    )
  // The plugins are in the log line above: a list of them would make the box wider than most terminals.
  rows.push('', colours.dim('Ctrl+C stops.'))
  const inner = Math.max(...rows.map(widthOf))
  const edge = '─'.repeat(inner + 2)
  return [
    `┌${edge}┐`,
    ...rows.map((row) => `│ ${row}${' '.repeat(inner - widthOf(row))} │`),
    `└${edge}┘`,
  ]
}
