/**
 * Days and months as the server counts them (a month is its year and month, written year-month):
 * UTC days, `YYYY-MM-DD`, and months, `YYYY-MM`. The meters, the plugins that read these, and the
 * admin's month picker. Browser-safe.
 */

/** A month: years 2000 to 9999, months 01 to 12, nothing else (no sign, no space, no path). */
export const MONTH_PATTERN = /^(2\d{3}|[3-9]\d{3})-(0[1-9]|1[0-2])$/

/** True for a month (`2026-11`); `2026-13`, `../`, `__proto__` are not. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && value.length === 7 && MONTH_PATTERN.test(value)
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayOf(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10)
}

/** The UTC month of an instant, `YYYY-MM`. */
export function monthOf(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 7)
}

/** The days of a month, `YYYY-MM-DD`, in order. */
export function daysOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return Array.from({ length: count }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`)
}

/** The month `delta` months after `month` (before, when negative). */
export function addMonths(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) + delta
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The key under which a bounded tally (the meters', a plugin's) counts the rest. */
export const OTHER_KEY = '(other)'
