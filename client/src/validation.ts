/**
 * Input rules (e-mail, password, id, the address after sign-in), shared by the server and the
 * browser. Each returns the error code of the first broken rule, or null when the value passes.
 */
import { isValidId, type ErrorCode } from '@shopwright/core/shared'

/** Minimum password length (docs/security.md, "Passwords"); 10 or more is advised. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_ADVISED_LENGTH = 10

/** Lower-cases and trims an e-mail address, as the spec's input does before checking it. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

/**
 * The spec's e-mail rule, case-sensitive: one '@', a name part of at least one character, a domain of
 * at least 3 characters holding a dot that is not its first character and ending in a part of at
 * least 2 characters; only a-z, 0-9, '.', '_' and '-' besides the '@'.
 */
export function emailError(value: string): ErrorCode | null {
  if (!/^[a-z0-9._@-]+$/.test(value)) return 'ERROR_INVALID_EMAIL'
  const parts = value.split('@')
  if (parts.length !== 2) return 'ERROR_INVALID_EMAIL'
  const [name, domain] = parts as [string, string]
  if (name.length < 1 || domain.length < 3) return 'ERROR_INVALID_EMAIL'
  const dot = domain.indexOf('.')
  if (dot <= 0) return 'ERROR_INVALID_EMAIL'
  const last = domain.split('.').pop() ?? ''
  if (last.length < 2) return 'ERROR_INVALID_EMAIL'
  return null
}

/** The password rule: required, then at least 6 characters. */
export function passwordError(value: string | null | undefined): ErrorCode | null {
  if (!value) return 'ERROR_PASSWORD_VALUE_REQUIRED'
  if ([...value].length < PASSWORD_MIN_LENGTH) return 'ERROR_PASSWORD_TOO_SHORT'
  return null
}

/**
 * The hints a password still earns (10 characters, lower and upper case, a number, a special
 * one): advice, never a refusal.
 */
export function passwordHints(value: string): ErrorCode[] {
  const hints: ErrorCode[] = []
  if ([...value].length < PASSWORD_ADVISED_LENGTH) hints.push('ERROR_PASSWORD_ADVICE_LENGTH')
  if (!/[a-z]/.test(value)) hints.push('ERROR_PASSWORD_ADVICE_LOWERCASE')
  if (!/[A-Z]/.test(value)) hints.push('ERROR_PASSWORD_ADVICE_UPPERCASE')
  if (!/[0-9]/.test(value)) hints.push('ERROR_PASSWORD_ADVICE_NUMBER')
  if (!/[^A-Za-z0-9]/.test(value)) hints.push('ERROR_PASSWORD_ADVICE_SPECIAL')
  return hints
}

/** The id rule; an empty id passes only when optional. */
export function idError(value: string | null | undefined, required = true): ErrorCode | null {
  if (!value) return required ? 'ERROR_INPUT_VALUE_REQUIRED' : null
  return isValidId(value) ? null : 'ERROR_INVALID_ID'
}

/** A stand-in origin to resolve `next` against: only addresses that stay on it are local. */
const SITE = 'https://site.invalid'

/**
 * Where to send a visitor after signing in (`?next=`): a local address only, else `/`. `next` is
 * parsed as a URL against the site's origin, as the browser will, and kept only when it stays on
 * that origin, so the tricks that leave the site are refused however they are written (`//evil`,
 * `/\evil`, `/%09/evil` whose tab the URL parser drops, `https:evil`). The answer is the parsed
 * path, query and fragment, never the raw text, and never a path that itself starts with `//`.
 */
export function localNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/'
  let url: URL
  try {
    url = new URL(next, SITE)
  } catch {
    return '/'
  }
  if (url.origin !== SITE) return '/'
  // A path normalised to `//host` (from `/..//host`) would leave the site when followed.
  if (url.pathname.startsWith('//')) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
