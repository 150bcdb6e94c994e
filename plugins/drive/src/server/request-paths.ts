import { createError } from '@shopwright/core'
import {
  MAX_DEPTH,
  MAX_PATH_LENGTH,
  kindOfName,
  pathNameProblem,
  normalizeName,
} from '../shared/names.js'

/** The most paths one delete, bin or download call may name. */
export const MAX_PATHS = 1000

/**
 * The drive path in a request's raw URL path after `prefix` (`/query/drive/get`), checked: each
 * segment is percent-decoded on its own, so `%2F` stays inside a name (and is refused) rather than
 * becoming a folder; every name must pass the base name rules (`pathNameProblem`: a segment with a
 * dot is a file name, so only the last may have one), which every stored name meets; `..`, NUL,
 * empty segments and over-long paths are refused. A call that makes a name checks it with the full
 * rules itself (`newEntryPlace`, rename, move). The root is ''.
 */
export function requestPath(rawPath: string, prefix: string): string {
  if (!rawPath.startsWith(prefix)) throw createError('ERROR_QUERY_NOT_FOUND')
  let rest = rawPath.slice(prefix.length)
  if (rest === '' || rest === '/') return ''
  if (!rest.startsWith('/')) throw createError('ERROR_QUERY_NOT_FOUND')
  rest = rest.slice(1)
  return checkedPath(rest)
}

/** Several comma-separated paths (delete, bin, download). */
export function requestPaths(rawPath: string, prefix: string): string[] {
  if (!rawPath.startsWith(`${prefix}/`))
    throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'Name at least one path.' })
  const rest = rawPath.slice(prefix.length + 1)
  if (rest === '')
    throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'Name at least one path.' })
  const parts = rest.split(',')
  if (parts.length > MAX_PATHS)
    throw createError('ERROR_INVALID_INPUT', { reason: `At most ${MAX_PATHS} paths at once.` })
  return parts.map((part) =>
    part === '' ? refuse('', 'folder') : checkedPath(part.replace(/^\//, '')),
  )
}

/** A drive path as text (a picker's value, a body field): the same checks. */
export function checkedPath(raw: string, encoded = true): string {
  const segments = raw.split('/')
  const last = segments.at(-1) ?? ''
  // Refused before any decoding: longer than any valid path could be, even percent-encoded.
  if (raw.length > MAX_PATH_LENGTH * 12 || segments.length > MAX_DEPTH)
    refuse(last, kindOfName(last))
  const names = segments.map((segment, at) => {
    let name: string
    try {
      name = encoded ? decodeURIComponent(segment) : segment
    } catch {
      return refuse(segment, at === segments.length - 1 ? kindOfName(segment) : 'folder')
    }
    name = normalizeName(name)
    const kind = at === segments.length - 1 ? kindOfName(name) : 'folder'
    const problem = pathNameProblem(name, kind)
    if (problem) refuse(name, kind)
    return name
  })
  const path = names.join('/')
  if (path.length > MAX_PATH_LENGTH) refuse(names.at(-1) ?? '', kindOfName(names.at(-1) ?? ''))
  return path
}

function refuse(name: string, kind: 'file' | 'folder'): never {
  throw createError(kind === 'file' ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME', {
    reason: JSON.stringify(name.slice(0, 100)),
  })
}
