/** A month as spec 000 writes it, `YYYY-MM`: years 2000 to 9999, months 01 to 12, nothing else. */
export const BILLING_MONTH = /^(2\d{3}|[3-9]\d{3})-(0[1-9]|1[0-2])$/

/** True for a month the details call takes (`2026-11`); anything else, `../`, `2026-13`, is not. */
export function isBillingMonth(value: unknown): value is string {
  return typeof value === 'string' && value.length === 7 && BILLING_MONTH.test(value)
}

/** The UTC days of a month, `YYYY-MM-DD`, in order. */
export function daysOf(month: string): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return Array.from(
    { length: count },
    (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`,
  )
}

/** The UTC month of an instant, `YYYY-MM`. */
export function monthOfTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7)
}
