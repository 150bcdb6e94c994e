import path from 'node:path'
import type { Command } from 'commander'
import { createProject } from '../scaffold/create-project.js'
import type { NewPart } from '../scaffold/new-part.js'
import { newPlugin, newTheme } from '../scaffold/new-part.js'
import { npmInstall } from '../scaffold/npm-install.js'
import { findProject } from '../scaffold/project.js'
import type { Terminal } from '../terminal.js'
import { UsageError } from '../usage-error.js'

interface CreateFlags {
  plugin?: string
  theme?: string
  packages?: string
  install?: boolean
}

/**
 * A value from its flag or argument; else asked on a terminal (with a default offered), else a
 * usage error naming the flag: a script never waits on a question.
 */
async function valueOf(
  terminal: Terminal,
  given: string | undefined,
  question: string,
  flag: string,
  fallback?: string,
): Promise<string> {
  if (given !== undefined) return given
  if (!terminal.interactive) {
    if (fallback !== undefined) return fallback
    throw new UsageError(`${flag} is required when stdin is not a terminal`)
  }
  const answer = (await terminal.ask(`${question}${fallback ? ` (${fallback})` : ''}: `)).trim()
  return answer || fallback || valueOf(terminal, undefined, question, flag, fallback)
}

/** Whether to run npm install: the flag, else a question on a terminal (yes by default), else no. */
async function wantsInstall(terminal: Terminal, flag: boolean | undefined): Promise<boolean> {
  if (flag !== undefined) return flag
  if (!terminal.interactive) return false
  const answer = (await terminal.ask('Install the dependencies now with npm install? [Y/n] '))
    .trim()
    .toLowerCase()
  return answer === '' || answer === 'y' || answer === 'yes'
}

function report(terminal: Terminal, part: NewPart, root: string): void {
  const { bold, green } = terminal.colours
  terminal.print(
    `${green('created')} ${part.kind} ${bold(part.name)} (${part.package}) in ${path.relative(root, part.dir)}/`,
  )
  if (!part.configured)
    terminal.print(
      part.kind === 'plugin'
        ? `  add '${part.package}' to the plugins of shopwright.config.ts`
        : `  set theme: '${part.package}' in shopwright.config.ts`,
    )
}

/** `shopwright create project`, `shopwright new plugin`, `shopwright new theme` (docs/cli.md). */
export function addScaffoldCommands(program: Command, terminal: Terminal): void {
  const create = program.command('create').description('create a new Shopwright project')
  create
    .command('project')
    .description(
      'make a project in a new folder: package.json, shopwright.config.ts, a sample plugin and a theme',
    )
    .argument('[folder]', 'the new (or empty) folder; asked for on a terminal')
    .option('--plugin <name>', 'the sample plugin\'s name (default "hello")')
    .option('--theme <name>', 'the theme\'s name (default "shop")')
    .option('--install', 'run npm install in the project (asked on a terminal, else not)')
    .option('--no-install', 'do not run npm install')
    .option(
      '--packages <folder>',
      'install the Shopwright packages from the npm pack files in this folder',
    )
    .action(async (folder: string | undefined, flags: CreateFlags) => {
      const target = await valueOf(terminal, folder, 'Project folder', '<folder>')
      const plugin = await valueOf(
        terminal,
        flags.plugin,
        'Sample plugin name',
        '--plugin',
        'hello',
      )
      const theme = await valueOf(terminal, flags.theme, 'Theme name', '--theme', 'shop')
      const install = await wantsInstall(terminal, flags.install)
      const { project, parts } = createProject(target, { plugin, theme, packages: flags.packages })
      terminal.print(
        `${terminal.colours.green('created')} project ${terminal.colours.bold(project.name)} in ${project.root}`,
      )
      for (const part of parts) report(terminal, part, project.root)
      if (install) await npmInstall(project.root)
      const cd = path.relative(process.cwd(), project.root) || '.'
      terminal.print('')
      terminal.print('Next:')
      terminal.print(`  cd ${cd}`)
      if (!install) terminal.print('  npm install')
      terminal.print(
        '  npm start          # the shop at http://localhost:3000, the admin at /admin',
      )
      terminal.print('  npm run develop    # rebuilds and restarts on every change')
    })

  const add = program
    .command('new')
    .description('add a plugin or a theme to the project around the working folder')
  for (const kind of ['plugin', 'theme'] as const) {
    add
      .command(kind)
      .description(
        kind === 'plugin'
          ? 'add plugins/<name>: a record type, calls, a migration, an admin panel and a test; added to the configured plugins'
          : "add themes/<name>: the default theme with its own home page and styles; made the site's theme",
      )
      .argument('[name]', 'lower-case letters and digits; asked for on a terminal')
      .option('--install', 'run npm install to link it (asked on a terminal, else not)')
      .option('--no-install', 'do not run npm install')
      .action(async (name: string | undefined, flags: { install?: boolean }) => {
        const project = findProject(process.cwd())
        const chosen = await valueOf(
          terminal,
          name,
          `${kind === 'plugin' ? 'Plugin' : 'Theme'} name`,
          '<name>',
        )
        const part = kind === 'plugin' ? newPlugin(project, chosen) : newTheme(project, chosen)
        report(terminal, part, project.root)
        if (await wantsInstall(terminal, flags.install)) await npmInstall(project.root)
        else terminal.print('  run npm install to link it, then npm run build (or npm run develop)')
      })
  }
}
