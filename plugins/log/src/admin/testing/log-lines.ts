import type { LogLine } from '../../shared/types.js'

/** A record line of the log for the admin's tests: `webpage.p<id>` created by employee 7, `id` seconds past noon. */
export const logLine = (id: number, extra: Partial<LogLine> = {}): LogLine => ({
  id: String(id),
  time: new Date(Date.UTC(2026, 4, 1, 12, 0, id)).toISOString(),
  level: 'info',
  source: 'record',
  type: 'webpage',
  name: `webpage.p${id}`,
  actor: 'employee|7',
  message: [{ kind: 'text', text: 'created' }],
  ...extra,
})
