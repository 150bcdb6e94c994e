import type { Command } from 'commander'
import type { Terminal } from '../terminal.js'
import type { ExportOptions } from './export.js'
import type { ImportOptions } from './import.js'

/** `shopwright export <file>` and `shopwright import <file>`: a site's records and files in one zip. */
export function addTransferCommands(program: Command, terminal: Terminal): void {
  program
    .command('export')
    .description("write the records and the drive's files into one zip archive")
    .argument('<file>', 'the archive to write (replaced if it exists)')
    .option('--types <types>', 'comma-separated record types to export (default: all)')
    .option('--no-files', "leave the drive's files out")
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nProgress bars show on a terminal (stderr); the summary goes to stdout.',
    )
    .action(async (file: string, options: ExportOptions) => {
      // Loaded when run: the archive code never weighs on `shopwright start`.
      const { exportArchive } = await import('./export.js')
      await exportArchive(file, options, terminal)
    })

  program
    .command('import')
    .description(
      'read an archive `shopwright export` wrote: records are created or updated, files replaced; nothing is deleted',
    )
    .argument('<file>', 'the archive to read')
    .option(
      '--types <types>',
      'comma-separated record types to import (default: all in the archive)',
    )
    .option('--no-files', "leave the archive's drive files out")
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nThe whole archive is checked before anything is written. Exit 1 when any record or file failed (each listed on stderr with its code).',
    )
    .action(async (file: string, options: ImportOptions) => {
      const { importArchive } = await import('./import.js')
      await importArchive(file, options, terminal)
    })
}
