import type { SessionRow } from '../../shared/types.js'

/** A list row for the screens' tests: a confirmed desktop visit from London on Firefox, as told. */
export function row(id: string, extra: Partial<SessionRow> = {}): SessionRow {
  return {
    id,
    startDate: '2026-11-20T10:00:00.000Z',
    endDate: '2026-11-20T10:05:00.000Z',
    city: 'London',
    region: 'England',
    country: 'GB',
    browser: { name: 'Firefox', version: '128.0' },
    os: { name: 'Windows', version: '10' },
    platform: 'desktop',
    robot: false,
    virus: false,
    spam: false,
    confirmed: true,
    live: false,
    ...extra,
  }
}
