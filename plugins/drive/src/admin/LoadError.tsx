import { isQueryError } from '@shopwright/client'
import { ErrorView } from '@shopwright/admin-ui/kit'

/**
 * A failed load: not found is its own title, and the message would only repeat it; anything else
 * (no access, no connection) is the drive being unavailable, with the server's message below.
 */
export function LoadError({ error }: { error: unknown }) {
  const code = isQueryError(error) ? error.code : undefined
  if (code === 'ERROR_FILE_NOT_FOUND') return <ErrorView title="ERROR_FILE_NOT_FOUND" />
  if (code === 'ERROR_FOLDER_NOT_FOUND') return <ErrorView title="ERROR_FOLDER_NOT_FOUND" />
  return <ErrorView title="ERROR_FILES_NOT_AVAILABLE" error={error} />
}
