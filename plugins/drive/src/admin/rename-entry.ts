import type { Dialogs, Translate } from '@shopwright/admin-ui/kit'
import { splitPath } from '../shared/index.js'
import type { DriveApi } from './drive-api.js'
import { promptName } from './NamePrompt.js'

/**
 * Asks a file's or folder's new name and renames it: the new path, or null when the prompt was
 * closed, the name kept, or the rename refused (the refusal is shown). One flow for the file and
 * folder views, so they ask and answer alike; the phrases stay literals for the phrase check.
 */
export async function renameEntry(
  dialogs: Dialogs,
  t: Translate,
  api: Pick<DriveApi, 'rename'>,
  path: string,
  kind: 'file' | 'folder',
): Promise<string | null> {
  const { name } = splitPath(path)
  const isFile = kind === 'file'
  const title = t(isFile ? 'Rename File' : 'Rename Folder')
  const chosen = await promptName(dialogs, { title, kind, initial: name })
  if (chosen === null || chosen === name) return null
  try {
    return (await api.rename(path, chosen)).path
  } catch (failure) {
    await dialogs.error(isFile ? 'Unable to Rename File' : 'Unable to Rename Folder', failure)
    return null
  }
}
