/** Bytes compared by their SHA-256: what was uploaded, downloaded, or stored by the S3 server. */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Every file under a folder holding exactly `contents` (the same size, then the same SHA-256). */
export async function filesWithHash(folder: string, contents: Buffer): Promise<string[]> {
  const hash = sha256(contents)
  const found: string[] = []
  for (const entry of await fs.readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const size = await fs
      .stat(file)
      .then((stat) => stat.size)
      .catch(() => -1)
    if (size === contents.length && sha256(await fs.readFile(file)) === hash) found.push(file)
  }
  return found
}
