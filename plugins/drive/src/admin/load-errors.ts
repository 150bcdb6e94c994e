import { isQueryError } from '@shopwright/core/shared'

/**
 * The error view's title for a failed load (spec 001 section 8): not found says which, anything
 * else (no access, no connection) is the drive being unavailable; the body shows the message.
 */
export function loadErrorTitle(
  error: unknown,
): 'ERROR_FILE_NOT_FOUND' | 'ERROR_FOLDER_NOT_FOUND' | 'ERROR_FILES_NOT_AVAILABLE' {
  const code = isQueryError(error) ? error.code : undefined
  return code === 'ERROR_FILE_NOT_FOUND'
    ? 'ERROR_FILE_NOT_FOUND'
    : code === 'ERROR_FOLDER_NOT_FOUND'
      ? 'ERROR_FOLDER_NOT_FOUND'
      : 'ERROR_FILES_NOT_AVAILABLE'
}
