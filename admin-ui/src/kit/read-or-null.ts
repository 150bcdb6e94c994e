import { isQueryError } from '@shopwright/client'

/** Refused or missing: staff without the right, a visitor not signed in, a record not there. */
const unavailable = (error: unknown) =>
  isQueryError(error) && [401, 403, 404].includes(error.status)

/**
 * A read the caller may not be allowed, or whose record may not exist: its answer, or null for
 * those refusals, so a screen can do without it. Any other failure (the server down) rejects.
 */
export async function readOrNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (unavailable(error)) return null
    throw error
  }
}
