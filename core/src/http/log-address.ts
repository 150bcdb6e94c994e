/** What the process log writes instead of a secret found in an address. */
export const REDACTED = '[REDACTED]'

/** Query parameters whose values are secrets wherever they appear (`?code=`, `&token=`...). */
const SECRET_PARAMETER =
  /^(?:code|token|access_token|refresh_token|id_token|password|passwd|secret|api_key|apikey|signature|sig|auth)$/i

/** Writes an address for the process log, its secrets replaced by REDACTED. */
export type AddressRedactor = (url: string) => string

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=')
      if (equals < 0) return part
      let name = part.slice(0, equals)
      try {
        name = decodeURIComponent(name)
      } catch {
        // A name that is not valid percent-encoding is checked as written.
      }
      return SECRET_PARAMETER.test(name) ? `${part.slice(0, equals + 1)}${REDACTED}` : part
    })
    .join('&')
}

/**
 * The process log's view of request addresses: the values of secret-named query parameters, and
 * what each of `patterns` (the running plugins' `secretAddresses`) matches beyond its first group,
 * are written REDACTED, so that a reset link's code, say, never reaches a log file or a log shipper
 * (docs/security.md, "Secrets in logs"). Each pattern matches from the start of the address and
 * its first group is the part kept: `/^(\/reset\/[^/]+\/[^/]+\/)[^/?#]+/`. An address with neither
 * is returned as it is, after one check per pattern.
 */
export function addressRedactor(patterns: readonly RegExp[]): AddressRedactor {
  return (url) => {
    let redacted = url
    for (const pattern of patterns)
      if (pattern.test(redacted))
        redacted = redacted.replace(pattern, (_match, kept: string) => `${kept}${REDACTED}`)
    const question = redacted.indexOf('?')
    if (question < 0) return redacted
    const hash = redacted.indexOf('#', question)
    const query = redacted.slice(question + 1, hash < 0 ? undefined : hash)
    return `${redacted.slice(0, question + 1)}${redactQuery(query)}${hash < 0 ? '' : redacted.slice(hash)}`
  }
}
