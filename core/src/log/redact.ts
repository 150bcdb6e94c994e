import { redactCardNumbers } from './card-numbers.js'

/** What a log writes instead of a secret. */
export const REDACTED = '[REDACTED]'

/** Parts of a key (lower case, separators dropped) that name a secret wherever they appear. */
const SECRET_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'cookie',
  'authorization',
  'apikey',
  'credential',
  'signature',
  'privatekey',
]

/**
 * Whole keys that name a secret: `code` is the reset and block codes' name in the account
 * plugin's links and bodies (`?code=`, `{ device, code }`), `sw_session` its session cookie.
 */
const SECRET_NAMES = new Set([
  'code',
  'resetcode',
  'blockcode',
  'pass',
  'pwd',
  'pin',
  'otp',
  'auth',
  'jwt',
  'sig',
  'sid',
  'sessionid',
  'sessionkey',
  'swsession',
  'cvc',
  'cvv',
  'cardnumber',
  'cardno',
  'ccnumber',
  'ccnum',
  'pan',
])

/** True for a key whose value is a secret (`password`, `X-Api-Key`, `access_token`, `code`...). */
export function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[^a-z0-9]/g, '')
  return SECRET_NAMES.has(name) || SECRET_PARTS.some((part) => name.includes(part))
}

/**
 * An error's code (`ERROR_INTERNAL`, `ECONNRESET`, `ER_DUP_ENTRY`, `23505`, `1062`): upper case,
 * digits and punctuation. The 5xx lines carry one under `code`, and it is what they are read for;
 * a reset or block code is 43 characters of base64url, never without lower-case letters.
 */
const ERROR_CODE = /^[A-Z0-9][A-Z0-9_.:-]{0,63}$/

/**
 * A value under `key` in a logged object, or REDACTED when the key names a secret. Nothing to
 * hide stays as it is (`token: null`, `password: false`), and so does an error's `code`.
 */
export function redactEntry(key: string, value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'boolean' || !isSecretKey(key))
    return value
  // `code` holds an error's code far more often than a secret; a secret code never reads as one.
  const errorCode =
    typeof value === 'number' || (typeof value === 'string' && ERROR_CODE.test(value))
  return key.toLowerCase() === 'code' && errorCode ? value : REDACTED
}

/** Writes a text for a log, its secrets replaced by REDACTED. */
export type Redactor = (text: string) => string

/**
 * The one redactor of both logs (docs/security.md, "Secrets in logs"): the process log writes
 * request addresses and errors through it, the log plugin every text and value it copies.
 */
export interface LogRedactor {
  /** A request's address (path and query), as the access line and a failed request's line say it. */
  address: Redactor
  /** Any text: the addresses in it, and every other secret a text may carry. */
  text: Redactor
}

/** `name=value` after a URL's `?`, `&`, `#` or `;`, or after a space or comma in a text. */
const PARAMETER = /(^|[?&#;\s,])([A-Za-z0-9_.~%[\]-]{1,64})=([^&#;\s"'<>]*)/g
/** A JSON member in a text (`"password":"..."`, an error quoting a body). */
const JSON_MEMBER = /"([^"\\]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g
/** A written-out Authorization or Cookie header (`Cookie: a=1; b=2`): its value, to the line's end. */
const HEADER = /\b((?:proxy-)?authorization|set-cookie|cookie)(\s*:\s*)([^\r\n"]+)/gi
/** A bearer token wherever it is written. */
const BEARER = /\b(bearer\s+)[A-Za-z0-9._~+/-]+=*/gi
/** The password in a URL's userinfo (`mysql://root:secret@db/shop`). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi
/** A path in a text, after its scheme and host when written whole: what the address rules read. */
const PATH = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>]*)?(\/[^\s"'<>]*)/gi
/** Punctuation that may end a sentence after an address (`.../7/{code}, then`). */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', ']'])

/** Where an address written in a text ends: before the punctuation after it (a loop, not a regex). */
function addressEnd(path: string): number {
  let end = path.length
  while (end > 1 && TRAILING.has(path[end - 1]!)) end--
  return end
}

function decoded(name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    // A name that is not valid percent-encoding is checked as written.
    return name
  }
}

/** `name=value` pairs of a query or text with the values of secret-named ones REDACTED. */
function redactParameters(text: string): string {
  return text.replace(PARAMETER, (whole, before: string, name: string) =>
    isSecretKey(decoded(name)) ? `${before}${name}=${REDACTED}` : whole,
  )
}

/**
 * The redactor for the running plugins' `secretAddresses`: each pattern matches from the start of
 * an address, and what it matches beyond its first group is a secret (`/^(\/reset\/[^/]+\/[^/]+\/)
 * [^/?#]+/`, a reset link's code). Besides those, in every address: the values of secret-named
 * query parameters (`code`, `resetcode`, `token`, `password`, `cardnumber`...: isSecretKey) and
 * card numbers, whatever names them; in every text, also secret-named JSON members, written-out
 * Authorization and Cookie headers, bearer tokens and URL passwords. Everything else is left as
 * it was written.
 */
export function logRedactor(patterns: readonly RegExp[]): LogRedactor {
  const address = (url: string): string => {
    let redacted = url
    for (const pattern of patterns)
      if (pattern.test(redacted))
        redacted = redacted.replace(pattern, (_match, kept: string) => `${kept}${REDACTED}`)
    const question = redacted.indexOf('?')
    if (question >= 0)
      redacted = `${redacted.slice(0, question)}${redactParameters(redacted.slice(question))}`
    return redactCardNumbers(redacted, REDACTED)
  }
  const text = (written: string): string => {
    // Most lines carry none of these: one cheap test spares them the replacements.
    if (!/[=:/]|bearer|\d/i.test(written)) return written
    const addressed = written.replace(PATH, (_whole, origin: string | undefined, path: string) => {
      const end = addressEnd(path)
      return `${origin ?? ''}${address(path.slice(0, end))}${path.slice(end)}`
    })
    const redacted = redactParameters(addressed)
      .replace(JSON_MEMBER, (whole, name: string, colon: string, value: string) =>
        redactEntry(name, value) === REDACTED ? `"${name}"${colon}"${REDACTED}"` : whole,
      )
      .replace(HEADER, (_, name: string, colon: string) => `${name}${colon}${REDACTED}`)
      .replace(BEARER, (_, bearer: string) => `${bearer}${REDACTED}`)
      .replace(USERINFO, (_, before: string) => `${before}${REDACTED}@`)
    return redactCardNumbers(redacted, REDACTED)
  }
  return { address, text }
}

/** The address part of logRedactor: what the process log writes for a request's address. */
export function addressRedactor(patterns: readonly RegExp[]): Redactor {
  return logRedactor(patterns).address
}
