import fs from 'node:fs'
import { PassThrough, Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { Decrypter, Encrypter } from 'age-encryption'
import type { Terminal } from '../terminal.js'
import { UsageError } from '../usage-error.js'
import { BackupArchiveError } from './format.js'
import { ARCHIVE_CHUNK } from './tar.js'

/**
 * The passphrase envelope of an encrypted backup: the age format (age-encryption.org/v1), with
 * the passphrase through scrypt and the archive in ChaCha20-Poly1305 chunks of 64 KiB, each
 * authenticated and the last one marked. A changed byte, a wrong passphrase or an archive cut
 * short therefore fails to decrypt. Any age tool opens it: `age -d site.backup > site.tar`
 * (docs/operations.md, "Backups").
 */
const MAGIC = Buffer.from('age-encryption.org/v1\n')

/** The variable a script gives the passphrase in (docs/cli.md, "shopwright backup"). */
export const PASSPHRASE_VARIABLE = 'SHOPWRIGHT_BACKUP_PASSPHRASE'

/** Fewer characters are refused: an archive taken away can be guessed at leisure. */
export const PASSPHRASE_MINIMUM = 12

export interface PassphraseOptions {
  /** A file whose first line is the passphrase. */
  passphraseFile?: string
}

/** Whether the file starts as an encrypted backup does. */
export function isEncrypted(file: string): boolean {
  const handle = fs.openSync(file, 'r')
  try {
    const start = Buffer.alloc(MAGIC.length)
    const read = fs.readSync(handle, start, 0, start.length, 0)
    return read === MAGIC.length && start.equals(MAGIC)
  } finally {
    fs.closeSync(handle)
  }
}

/**
 * The passphrase from --passphrase-file, then SHOPWRIGHT_BACKUP_PASSPHRASE, then asked on the
 * terminal (twice for a new archive); with none of them, a usage error.
 */
export async function passphrase(
  options: PassphraseOptions,
  terminal: Terminal,
  purpose: 'encrypt' | 'decrypt',
): Promise<string> {
  let value: string | undefined
  if (options.passphraseFile !== undefined) {
    let text: string
    try {
      text = fs.readFileSync(options.passphraseFile, 'utf8')
    } catch {
      throw new UsageError(`--passphrase-file: cannot read ${options.passphraseFile}`)
    }
    value = text.split(/\r?\n/)[0]
  } else if (process.env[PASSPHRASE_VARIABLE]) value = process.env[PASSPHRASE_VARIABLE]
  else if (terminal.interactive) {
    value = await terminal.ask('Passphrase of the backup: ', { hidden: true })
    if (purpose === 'encrypt') {
      const again = await terminal.ask('The same passphrase again: ', { hidden: true })
      if (again !== value) throw new UsageError('The two passphrases differ: nothing was written.')
    }
  } else
    throw new UsageError(
      `${purpose === 'encrypt' ? 'backup --encrypt' : 'restore: the backup is encrypted and'} needs a passphrase: --passphrase-file <file> or ${PASSPHRASE_VARIABLE}`,
    )
  if (purpose === 'encrypt' && (value ?? '').length < PASSPHRASE_MINIMUM)
    throw new UsageError(`The passphrase must have at least ${PASSPHRASE_MINIMUM} characters.`)
  if (!value) throw new UsageError('The passphrase is empty.')
  return value
}

/**
 * A stream to write the archive into, sealed into `out`; `sealed` ends once every byte reached
 * it (and fails when `out` fails).
 */
export async function sealingStream(
  key: string,
  out: Writable,
): Promise<{ input: Writable; sealed: Promise<void> }> {
  const input = new PassThrough()
  const encrypter = new Encrypter()
  encrypter.setPassphrase(key)
  const sealedStream = await encrypter.encrypt(
    Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>,
  )
  const sealed = pipeline(Readable.fromWeb(sealedStream as unknown as WebReadableStream), out)
  return { input, sealed }
}

/** The plain archive out of an encrypted file; a wrong passphrase is refused before any byte. */
export async function openedStream(file: string, key: string): Promise<Readable> {
  const decrypter = new Decrypter()
  decrypter.addPassphrase(key)
  const source = Readable.toWeb(
    fs.createReadStream(file, { highWaterMark: ARCHIVE_CHUNK }),
  ) as unknown as ReadableStream<Uint8Array>
  try {
    const plain = await decrypter.decrypt(source)
    return Readable.fromWeb(plain as unknown as WebReadableStream)
  } catch (error) {
    throw new BackupArchiveError(
      `It cannot be decrypted with this passphrase (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
}
