/** The bytes start like an image but cannot be decoded (a broken or truncated file). */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError'
}

/** The resize ran past its deadline (DRIVE_RESIZE_TIMEOUT) and its process was stopped. */
export class ImageTimeoutError extends Error {
  override name = 'ImageTimeoutError'
}
