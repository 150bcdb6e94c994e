import type { Command } from 'commander'
import type { Terminal } from '../terminal.js'
import type { BackupOptions, RestoreOptions } from './backup.js'

/** `shopwright backup <file>` and `shopwright restore <file>` (docs/operations.md, "Backups"). */
export function addBackupCommands(program: Command, terminal: Terminal): void {
  program
    .command('backup')
    .description(
      "write a consistent snapshot of the site, running or not, into one archive: every table's rows and the drive's files",
    )
    .argument('<file>', 'the archive to write (replaced if it exists, only once it is whole)')
    .option(
      '--encrypt',
      'seal the archive with a passphrase (age format): from --passphrase-file, SHOPWRIGHT_BACKUP_PASSPHRASE, or asked',
    )
    .option(
      '--passphrase-file <file>',
      "the passphrase is this file's first line (implies --encrypt)",
    )
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nThe archive holds password hashes, sessions and every customer record: keep it as the database is kept. Progress bars show on a terminal (stderr); the summary goes to stdout.',
    )
    .action(async (file: string, options: BackupOptions) => {
      // Loaded when run: the archive code never weighs on `shopwright start`.
      const { backupSite } = await import('./backup.js')
      await backupSite(file, options, terminal)
    })

  program
    .command('restore')
    .description(
      "write an archive `shopwright backup` made into this project's database and drive, on SQLite or MySQL/MariaDB, whichever the backup came from",
    )
    .argument('<file>', 'the archive to read')
    .option(
      '--replace',
      "drop the database's tables first (restore refuses a database that is not empty)",
    )
    .option(
      '--passphrase-file <file>',
      "an encrypted backup's passphrase is this file's first line (else SHOPWRIGHT_BACKUP_PASSPHRASE, or asked)",
    )
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nThe whole archive is checked before anything is written: one cut short or changed is refused. Restore into a stopped site, then `shopwright start` migrates it forward.',
    )
    .action(async (file: string, options: RestoreOptions) => {
      const { restoreSite } = await import('./backup.js')
      await restoreSite(file, options, terminal)
    })
}
