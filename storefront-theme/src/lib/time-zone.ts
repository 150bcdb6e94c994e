/** The part of Temporal read here (not in TypeScript's DOM library yet). */
interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => unknown } }
}

/**
 * The browser's time zone (`Europe/Paris`), for guesses such as the visitor's country. Temporal
 * answers it with a lookup; Intl.DateTimeFormat, where there is no Temporal, builds a whole date
 * formatter first (milliseconds of the main thread during hydration).
 */
export function browserTimeZone(scope: object = globalThis): string | undefined {
  try {
    const zone = (scope as TemporalNow).Temporal?.Now?.timeZoneId?.()
    if (typeof zone === 'string' && zone !== '') return zone
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}
