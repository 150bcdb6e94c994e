import { createError } from '@shopwright/core'

/** Where a folder's next page starts: after `name` within `rank` (null: from the first of `rank`). */
export interface PageCursor {
  rank: 0 | 1
  name: string | null
}

/** A page token: base64url of `[rank, name]` after which the next page starts. */
export function encodeCursor(rank: 0 | 1, name: string): string {
  return Buffer.from(JSON.stringify([rank, name])).toString('base64url')
}

/** The cursor in a token `encodeCursor` made; anything else is refused as invalid input. */
export function decodeCursor(token: string): PageCursor {
  const invalid = (): Error =>
    createError('ERROR_INVALID_INPUT', { reason: 'nextpage is not a token this list answered.' })
  if (token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) throw invalid()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    (value[0] !== 0 && value[0] !== 1) ||
    typeof value[1] !== 'string'
  )
    throw invalid()
  return { rank: value[0] as 0 | 1, name: value[1] as string }
}
