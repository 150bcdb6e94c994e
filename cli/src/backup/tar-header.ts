import { Header } from 'tar'

/**
 * Bytes read at a time from a file or an archive: a GiB of files is a thousand reads and writes,
 * not sixteen thousand.
 */
export const ARCHIVE_CHUNK = 1024 * 1024
export const BLOCK = 512

/**
 * A member's ustar header (node-tar's): no owner, mode 600, as a restore writes bytes only where
 * it decides. A name past ustar's 100 bytes would need a pax header: the archive's names are short.
 */
export function memberHeader(name: string, size: number, mtime: Date): Buffer {
  const block = new Header({ path: name, size, mtime, mode: 0o600, type: 'File', uid: 0, gid: 0 })
  if (block.encode()) throw new Error(`the archive member name ${name} is too long`)
  return block.block!
}

/** The zeros after a member of `size` bytes, to the next 512-byte block. */
export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** Where the member after one of `size` bytes starts, counted from this one's header. */
export function memberSpan(size: number): number {
  return BLOCK + Math.ceil(size / BLOCK) * BLOCK
}
