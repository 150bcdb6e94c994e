/** The units a relative time is said in, largest first, with their length in seconds. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * How long ago `time` was, in the reader's language and its largest whole unit ("5 min. ago",
 * "il y a 5 min", "yesterday"); under a minute, "now". `now` is handed in so a test fixes it.
 */
export function relativeTime(time: string, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' })
  // A line a second ahead of this browser's clock (another node's) is "now", not "in 1 s".
  const seconds = Math.max(0, Math.round((now - Date.parse(time)) / 1000))
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit)
  }
  return format.format(0, 'second')
}
