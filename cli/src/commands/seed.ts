import { createReadStream, statSync } from 'node:fs'
import { isAppError, SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
// The drive plugin's types add `drive` to the kernel's Services.
import type { DriveService } from '@shopwright/plugin-drive'
import { withKernel } from '../boot.js'

/**
 * The sample company, loaded only when it is seeded: the reference data is large, and `start` on a
 * site that has its records (every start but the first) never needs it.
 */
export const sampleCompany = () => import('@shopwright/seeds')

/**
 * `shopwright seed`: inserts the sample company and every plugin's seed records that are missing,
 * then the sample catalogue's pictures the drive lacks.
 */
export async function seed(print: (line: string) => void): Promise<void> {
  const { allSeeds, CATALOGUE_FOLDER } = await sampleCompany()
  const { inserted, existing, pictures } = await withKernel(async (kernel) => ({
    ...(await kernel.seed(allSeeds())),
    pictures: await addSampleFiles(kernel),
  }))
  print(`Seeded ${inserted} record(s); ${existing} already existed and were left as they are.`)
  if (pictures !== null)
    print(`Added ${pictures} sample catalogue picture(s) to the drive's ${CATALOGUE_FOLDER}.`)
}

/**
 * Copies the sample catalogue's pictures (`@shopwright/seeds`' sampleFiles) that the drive lacks
 * into it, through the drive's own calls as the system, so its checks, rights and write limit
 * apply. Never replaces a file, so an administrator's change stays; a file another node added
 * first is skipped. Answers how many were added, or null on a site without the drive.
 */
export async function addSampleFiles(kernel: Kernel): Promise<number | null> {
  const drive: DriveService | undefined = kernel.optional('drive')
  if (!drive) return null
  const { CATALOGUE_FOLDER, sampleFiles } = await sampleCompany()
  const present = await filesIn(drive, CATALOGUE_FOLDER)
  let added = 0
  for (const [path, file] of sampleFiles()) {
    if (present.has(path)) continue
    const source = createReadStream(file)
    try {
      await drive.upload(SYSTEM_ACTOR, path, source, { size: statSync(file).size })
      added++
    } catch (error) {
      // Another node seeding the same new site may add the file first; this one's insert then
      // fails (ERROR_FILE_ALREADY_EXISTS, or a deadlock on MariaDB). Fine once the file is there.
      if (!(await exists(drive, path))) throw error
    } finally {
      source.destroy()
    }
  }
  return added
}

/** The paths of the entries in a drive folder; the folder is made when it is missing. */
async function filesIn(drive: DriveService, folder: string): Promise<Set<string>> {
  const paths = new Set<string>()
  try {
    let nextpage: string | null = null
    do {
      const page = await drive.list(SYSTEM_ACTOR, folder, {
        pagesize: 1000,
        ...(nextpage ? { nextpage } : {}),
      })
      for (const entry of page.list) paths.add(entry.path)
      nextpage = page.nextpage
    } while (nextpage)
  } catch (error) {
    if (!isAppError(error) || error.code !== 'ERROR_FOLDER_NOT_FOUND') throw error
    try {
      await drive.create(SYSTEM_ACTOR, folder)
    } catch (raced) {
      if (!isAppError(raced) || raced.code !== 'ERROR_FOLDER_ALREADY_EXISTS') throw raced
    }
  }
  return paths
}

/** True when the drive has a file at the path. */
async function exists(drive: DriveService, path: string): Promise<boolean> {
  try {
    await drive.get(SYSTEM_ACTOR, path)
    return true
  } catch (error) {
    if (isAppError(error) && error.code === 'ERROR_FILE_NOT_FOUND') return false
    throw error
  }
}
