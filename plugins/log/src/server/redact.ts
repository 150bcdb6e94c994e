/**
 * What the log keeps instead of a secret. Staff who may read the log (view on `log`) are not the
 * people a reset code, a session cookie or a password belongs to, so copied lines lose them before
 * they are stored; the process log is the operator's and keeps the line as logged.
 */
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

/** `name=value` after a URL's `?`, `&`, `#` or `;`, or after a space or comma in a text. */
const PARAMETER = /(^|[?&#;\s,])([A-Za-z0-9_.~%[\]-]{1,64})=([^&#;\s"'<>]+)/g
/** A JSON member in a text (`"password":"..."`, an error quoting a body). */
const JSON_MEMBER = /"([^"\\]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g
/** A written-out Authorization or Cookie header (`Cookie: a=1; b=2`): its value, to the line's end. */
const HEADER = /\b((?:proxy-)?authorization|set-cookie|cookie)(\s*:\s*)([^\r\n"]+)/gi
/** A bearer token wherever it is written. */
const BEARER = /\b(bearer\s+)[A-Za-z0-9._~+/-]+=*/gi
/** The password in a URL's userinfo (`mysql://root:secret@db/shop`). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi
/**
 * The account plugin's reset code in a path: `/query/account/reset|entity/{type}/{id}/{code}`
 * and the reset page `/reset/{type}/{id}/{code}`. A secret carried in a path is found only by
 * the path's shape; a plugin that puts another one in a path adds its shape here.
 */
const SECRET_PATH =
  /(\/(?:query\/account\/(?:reset|entity)|reset)\/[^/?#\s]+\/[^/?#\s]+\/)([^/?#\s"'<>]+)/g

function decoded(name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * A text with the secrets it may carry replaced by REDACTED: secret-named query parameters (in a
 * URL or a `name=value` text), secret-named JSON members, Authorization and Cookie headers, bearer
 * tokens, URL passwords and reset codes in paths. Everything else is left as it was written.
 */
export function redactText(text: string): string {
  // Most lines carry none of these: one cheap test spares them the replacements.
  if (!/[=:/]|bearer/i.test(text)) return text
  return text
    .replace(PARAMETER, (whole, before: string, name: string) =>
      isSecretKey(decoded(name)) ? `${before}${name}=${REDACTED}` : whole,
    )
    .replace(JSON_MEMBER, (whole, name: string, colon: string, value: string) =>
      redactEntry(name, value) === REDACTED ? `"${name}"${colon}"${REDACTED}"` : whole,
    )
    .replace(HEADER, (_, name: string, colon: string) => `${name}${colon}${REDACTED}`)
    .replace(BEARER, (_, bearer: string) => `${bearer}${REDACTED}`)
    .replace(USERINFO, (_, before: string) => `${before}${REDACTED}@`)
    .replace(SECRET_PATH, (_, before: string) => `${before}${REDACTED}`)
}
