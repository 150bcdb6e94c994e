import { Readable } from 'node:stream'
import { expect } from 'vitest'
import { loadConfig, SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import type {} from '@shopwright/plugin-drive'
import { addUser, projectDir, run } from '../src/testing/index.js'
import { bootWith } from '../src/boot.js'

/** Runs a task on the project's site in this process (its drive, its records), then closes it. */
export async function onSite<T>(
  cwd: string,
  env: Record<string, string>,
  task: (kernel: Kernel) => Promise<T>,
): Promise<T> {
  const config = await loadConfig({ cwd, env: { LOG_LEVEL: 'silent', ...env } })
  const kernel = await bootWith(config, { logTo: 'stderr' })
  try {
    return await task(kernel)
  } finally {
    await kernel.close()
  }
}

/** The bytes of `public/noise.bin`: a run of 0 to 250 over and over, found again in an archive. */
export const NOISE = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251))

/**
 * A seeded site with the office account ada@example.com (password secret12) and drive files of
 * our own: nested folders, an empty folder, an empty file, binary noise, and a file in the bin.
 */
export async function seededSite(env: Record<string, string>): Promise<string> {
  const cwd = projectDir()
  const seeded = await run(['seed'], cwd, env)
  expect(seeded.code, seeded.stderr).toBe(0)
  await addUser(cwd, { email: 'ada@example.com', password: 'secret12', roles: 'office' }, env)
  await onSite(cwd, env, async (kernel) => {
    const { drive } = kernel.services
    await drive.create(SYSTEM_ACTOR, 'private/reports')
    await drive.create(SYSTEM_ACTOR, 'private/reports/2026')
    await drive.create(SYSTEM_ACTOR, 'public/empty-folder')
    const put = (where: string, bytes: Buffer) =>
      drive.upload(SYSTEM_ACTOR, where, Readable.from([bytes]), { size: bytes.length })
    await put('private/reports/2026/q1.csv', Buffer.from('month,sales\njan,10\n'))
    await put('private/reports/empty.txt', Buffer.alloc(0))
    await put('public/noise.bin', NOISE)
    await put('public/binned.txt', Buffer.from('in the bin'))
    await drive.bin(SYSTEM_ACTOR, ['public/binned.txt'])
  })
  return cwd
}
