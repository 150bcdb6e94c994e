import { defineErrors } from '@shopwright/core/shared'

/**
 * The drive's error codes (docs/drive.md), merged into the catalogue at boot. Browser-safe: the
 * admin screens import this file for the English messages.
 */
export const DRIVE_ERRORS = defineErrors({
  ERROR_FILES_NOT_AVAILABLE: { message: 'Unable to View Files.', status: 404 },
  ERROR_FILE_NOT_FOUND: { message: 'The file could not be found.', status: 404 },
  ERROR_FOLDER_NOT_FOUND: { message: 'The folder could not be found.', status: 404 },
  ERROR_FILE_ALREADY_EXISTS: { message: 'A file with this name already exists.', status: 409 },
  ERROR_FOLDER_ALREADY_EXISTS: { message: 'A folder with this name already exists.', status: 409 },
  ERROR_INVALID_FILE_NAME: {
    message:
      'A file name is required, must contain a dot and cannot contain / \\ , or line breaks.',
    status: 400,
  },
  ERROR_INVALID_FOLDER_NAME: {
    message:
      'A folder name is required, cannot contain a dot and cannot contain / \\ , or line breaks.',
    status: 400,
  },
  // A `load` with width or height (docs/drive.md, "Resized images"). 422: the request is well
  // formed, the stored image is what cannot be resized.
  ERROR_IMAGE_TOO_LARGE: { message: 'The image is too large to resize.', status: 422 },
  ERROR_IMAGE_UNREADABLE: { message: 'The image cannot be read.', status: 422 },
  // Stopped at DRIVE_RESIZE_TIMEOUT. 422 rather than 5xx: an image built to be slow is refused
  // every time, and a flood of them must not write an error line each into the site's log.
  ERROR_IMAGE_TIMEOUT: { message: 'The image took too long to resize.', status: 422 },
  ERROR_RATE_LIMIT_EXCEEDED: {
    message: 'Drive limit exceeded. Reduce the rate of create, update, and delete requests.',
    status: 429,
  },
})
